import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS } from '../src/plugins/open-sockets';
import { type SlowSocket, openSlowSocket } from './slow-sockets';
import { type TestApp, createTestApp } from './test-app';
import { buildWorld } from './world';

// Connections are bounded (issue 20): every socket of an address counts, idle or streaming, and an idle
// keep-alive connection is closed after a few seconds (Fastify's default kept them 72 s).

const PER_ADDRESS = 6;

describe('open sockets per address', () => {
  let t: TestApp;
  let base: string;
  const sockets: SlowSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_SOCKETS_PER_IP: String(PER_ADDRESS) } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.destroy());
    await t.close();
  });

  it('closes an idle keep-alive connection after a few seconds', async () => {
    const socket = openSlowSocket(base, {
      localAddress: '127.0.0.3',
      send: 'GET /api/health HTTP/1.1\r\nHost: lectern\r\n\r\n',
    });
    sockets.push(socket);
    expect(await socket.closed).toBeLessThan(KEEP_ALIVE_MS + 3_000);
  });

  it('counts event streams and idle sockets together, and refuses the address past its cap', async () => {
    const attacker = '127.0.0.2';
    // Anonymous streams of a video and connections that have sent nothing yet: each holds a descriptor.
    const w = await buildWorld(t);
    const streams = [];
    for (let i = 0; i < PER_ADDRESS / 2; i++) {
      const s = openSlowSocket(base, {
        localAddress: attacker,
        send: `GET /api/events?videoId=${w.VA1.id} HTTP/1.1\r\nHost: lectern\r\n\r\n`,
      });
      sockets.push(s);
      streams.push(s);
    }
    await expect.poll(() => t.app.eventStreams.size, { timeout: 15_000 }).toBe(PER_ADDRESS / 2);
    for (let i = 0; i < PER_ADDRESS / 2; i++) sockets.push(openSlowSocket(base, { localAddress: attacker }));
    const refused = openSlowSocket(base, { localAddress: attacker });
    sockets.push(refused);
    expect(await refused.closed).toBeLessThan(2_000);
    expect(streams.every((s) => s.isOpen())).toBe(true);
    // Another address is not affected.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
