import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ChildServer, killAll, spawnServer, waitHealthy } from '../../server/test/child-server';
import { type Nginx, PIN_HEADER, startNginx } from '../../server/test/nginx';

// Two Lectern instances on one PostgreSQL database and one DATA_DIR, behind nginx running
// deploy/nginx/lectern.conf (docs/deploy.md), serving the built web app: a browser journey across
// instances. Needs TEST_DATABASE_URL (vitest.config.ts runs such specs only then).

export interface TwoInstances {
  url: string;
  /** Request headers that send a browser's every request to instance A, or to instance B. */
  pins: [Record<string, string>, Record<string, string>];
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** A fresh, empty database next to TEST_DATABASE_URL's, dropped by `drop()`. */
async function freshDatabase() {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `lectern_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  return {
    url: Object.assign(new URL(url), { pathname: `/${name}` }).href,
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export async function startTwoInstances(): Promise<TwoInstances> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is needed for two instances');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-e2e-instances-'));
  const database = await freshDatabase();
  const servers: ChildServer[] = [];
  let nginx: Nginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await killAll(servers);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const env = {
      DATABASE_URL: database.url,
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist'),
    };
    // One after the other: the first migrates the new database.
    for (let i = 0; i < 2; i++) {
      servers.push(await spawnServer(dataDir, env));
      await waitHealthy(servers[i]!);
    }
    nginx = await startNginx(
      path.join(dataDir, 'nginx'),
      servers.map((s) => new URL(s.url).host),
      path.join(dataDir, 'media'),
    );
    const byUpstream = new Map<string, string>();
    for (let i = 0; byUpstream.size < 2 && i < 50; i++) {
      const res = await fetch(`${nginx.url}/api/health`, { headers: { [PIN_HEADER]: `pin-${i}` } });
      byUpstream.set(
        res.headers.get('x-upstream')!,
        byUpstream.get(res.headers.get('x-upstream')!) ?? `pin-${i}`,
      );
    }
    const [a, b] = [...byUpstream.values()];
    return { url: nginx.url, pins: [{ [PIN_HEADER]: a! }, { [PIN_HEADER]: b! }], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
