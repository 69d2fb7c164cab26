import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ChildServer, killAll, postJson, spawnServer, waitHealthy } from './child-server';
import { openSlowSocket, postHead, settlesWithin, type SlowSocket } from './slow-sockets';

// Issue 12, item 1, end to end: a real server limited to 256 file descriptors, 300 slow sockets from one
// address (headers then no body; a trickling body; trickling headers), and legitimate requests from
// another address still answered at once; then every slow socket is closed by the server. Before the
// timeouts and the per-address limit, such sockets stayed open for 400 s and more and the descriptors
// ran out. PGlite only: the database plays no part.

const ATTACKER = '127.0.0.2';
const DESCRIPTORS = 256;
const SOCKETS = 300;
const REQUEST_TIMEOUT_S = 3;
// The embedded database alone keeps about 130 descriptors open: the per-address limit must leave room
// for it below the descriptor limit (the default of 128 assumes the usual 1024 or more).
const MAX_PER_ADDRESS = 64;

const openDescriptors = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;

describe('slow clients against a 256-descriptor instance', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-slow-clients-'));
  const running: ChildServer[] = [];
  const sockets: SlowSocket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await killAll(running);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering legitimate requests and closes every slow socket within the timeouts', async () => {
    const server = await spawnServer(
      dataDir,
      {
        REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
        MAX_CONNECTIONS_PER_IP: String(MAX_PER_ADDRESS),
        // A first start copies the migrated template, as `npm start` does. Migrating a new data dir under
        // 256 descriptors fails once the schema has enough relations: PGlite's file system creates a
        // relation's file before the open runs out of descriptors, and PostgreSQL's retry then finds it
        // there ("could not create file …: File exists").
        PGLITE_TEMPLATE_DIR: inject('pgliteTemplate'),
      },
      { fileDescriptorLimit: DESCRIPTORS },
    );
    running.push(server);
    await waitHealthy(server);
    const pid = server.proc.pid!;
    const legitimateRequests = async () => {
      const started = Date.now();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const login = await postJson(server, '/api/login', {
        email: 'nobody@test.lectern',
        password: 'not a real password',
      });
      expect(login.status).toBe(401);
      return Date.now() - started;
    };
    // "At once" is judged against the same requests before the attack, on the same machine: on a busy
    // CI machine both are slow, and a fixed 2 s once failed at load 17 (3 s) with nothing wrong. Before
    // the timeouts, such requests waited for good, far beyond either bound.
    let quietMs = 0;
    for (let i = 0; i < 5; i += 1) quietMs = Math.max(quietMs, await legitimateRequests());
    const slackMs = Math.max(2000, 4 * quietMs);

    for (let i = 0; i < SOCKETS; i += 1) {
      const kind = i % 3;
      const send =
        kind === 0
          ? postHead('/api/login', 200) // headers, then no body
          : kind === 1
            ? `${postHead('/api/login', 200)}{"email":` // a body that trickles
            : 'POST /api/login HTTP/1.1\r\nHost: localhost\r\n'; // headers that trickle
      const socket = openSlowSocket(server.url, { localAddress: ATTACKER, send });
      if (kind !== 0) socket.trickle(500, kind === 1 ? ' ' : 'X');
      sockets.push(socket);
    }
    await new Promise((r) => setTimeout(r, 500));
    const attackStarted = Date.now();

    // Legitimate traffic from another address is served at once, on fresh connections.
    for (let i = 0; i < 5; i += 1) expect(await legitimateRequests()).toBeLessThan(slackMs);
    expect(openDescriptors(pid)).toBeLessThan(DESCRIPTORS - 10);
    const openNow = sockets.filter((s) => s.isOpen()).length;
    expect(openNow).toBeLessThanOrEqual(MAX_PER_ADDRESS);

    // Every slow socket is closed by the server: the ones over the per-address limit at once, the
    // others once the request timeout has passed (and the same slack for a busy machine's late timers).
    const closeWithinMs = REQUEST_TIMEOUT_S * 1000 + Math.max(3000, slackMs);
    const allClosed = Promise.all(sockets.map((s) => s.closed));
    expect(await settlesWithin(allClosed, closeWithinMs)).toBe(true);
    expect(Date.now() - attackStarted).toBeLessThan(closeWithinMs);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
