import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type ChildServer, freePort, killAll, spawnServer } from './child-server';

// A port already taken, or an embedded database that cannot be read, stops the server with one sentence
// saying what to do, not a stack.

const servers: ChildServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await killAll(servers);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('starting on a port already taken', () => {
  it('exits non-zero with one sentence naming the port and what to do', async () => {
    const port = await freePort();
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-port-'));
      dirs.push(dataDir);
      const server = await spawnServer(dataDir, { PORT: String(port) });
      servers.push(server);
      expect(await server.exited).not.toBe(0);
      const stderr = server.stderr().trim();
      expect(stderr.split('\n')).toHaveLength(1);
      expect(stderr).toBe(
        `Port ${port} is already in use: stop the program using it or set PORT to a free port (in .env or the environment).`,
      );
      // The embedded database was closed again: its lock is gone.
      expect(fs.existsSync(path.join(dataDir, 'db', 'lectern.lock'))).toBe(false);
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });
});

describe('starting on a damaged embedded database', () => {
  it('exits non-zero with one sentence naming the folder and the way out', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-damaged-'));
    dirs.push(dataDir);
    const db = path.join(dataDir, 'db');
    fs.cpSync(inject('pgliteTemplate'), db, { recursive: true });
    // What a second process writing the same folder left behind (issue 26): a write-ahead log of garbage.
    const wal = path.join(db, 'pg_wal');
    for (const segment of fs.readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name)))
      fs.writeFileSync(path.join(wal, segment), Buffer.alloc(64 * 1024, 0x5a));
    const server = await spawnServer(dataDir);
    servers.push(server);
    expect(await server.exited).not.toBe(0);
    expect(server.stderr().trim()).toBe(
      `The embedded database in ${db} cannot be opened (it is damaged): move that folder away to start with an empty database, or for the demo run \`npm run demo -- --reset\`.`,
    );
  });
});
