import { loadConfig } from '../../config/env';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { databaseTarget } from '../../db/target';
import { platformFromArgs } from './platform-args';
import { listPlatforms, savePlatform } from './platforms.repository';
import { rotateKeys } from './tool-keys';

// `npm run lti -- <command>`: registers learning platforms and rotates Lectern's LTI keys (docs/lti.md).
// It opens the same database the server uses; the embedded one only while the server is stopped.
const USAGE = `Usage:
  npm run lti -- add-platform --name "Canvas" --issuer https://canvas.instructure.com --client-id 10000000000001
      --deployment 1:abc --login-url https://sso.canvaslms.com/api/lti/authorize_redirect
      --token-url https://sso.canvaslms.com/login/oauth2/token --jwks-url https://sso.canvaslms.com/api/lti/security/jwks
      [--frame-origin https://canvas.example.edu] [--trust-email]
  npm run lti -- list-platforms
  npm run lti -- rotate-keys`;

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await migrateDatabase(database);
  const { db } = database;
  if (command === 'add-platform') {
    const platform = await savePlatform(db, platformFromArgs(args));
    console.log(`Registered ${platform.name} (${platform.issuer}, client ${platform.clientId}).`);
    console.log(
      `Give the platform: login ${config.publicUrl}/lti/login, launch ${config.publicUrl}/lti/launch, keys ${config.publicUrl}/lti/jwks`,
    );
  } else if (command === 'list-platforms') {
    for (const p of await listPlatforms(db))
      console.log(`${p.name}\t${p.issuer}\tclient ${p.clientId}\tdeployments ${p.deploymentIds.join(', ')}`);
  } else if (command === 'rotate-keys') {
    console.log(
      `Lectern now signs with key ${await rotateKeys(db, new Date())}; the old keys stay published a week.`,
    );
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
