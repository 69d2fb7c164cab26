import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { databaseTarget } from './db/target';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  await migrateDatabase(database);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A stray rejection in a handler must not take the server down (SECURITY LOG-3).
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Lectern failed to start:', error);
  }
  process.exit(1);
});
