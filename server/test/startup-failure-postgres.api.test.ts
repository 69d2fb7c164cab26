import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildServer, killAll, spawnServer } from './child-server';

// A DATABASE_URL naming a database that does not exist stops the server with one sentence saying what
// to do, not a stack. Needs a real PostgreSQL server (TEST_DATABASE_URL).

const servers: ChildServer[] = [];
let dataDir = '';
afterEach(async () => {
  await killAll(servers);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('starting on a database that does not exist', () => {
  it('exits non-zero with one sentence naming the database and what to do', async () => {
    const missing = new URL(process.env.TEST_DATABASE_URL!);
    missing.pathname = '/lectern_no_such_database';
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-nodb-'));
    const server = await spawnServer(dataDir, { DATABASE_URL: missing.toString() });
    servers.push(server);
    expect(await server.exited).not.toBe(0);
    const stderr = server.stderr().trim();
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toBe(
      `The database "lectern_no_such_database" named in DATABASE_URL does not exist on ${missing.host}: create it (createdb lectern_no_such_database) or fix DATABASE_URL.`,
    );
  });
});
