import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openSlowSocket, postHead, settlesWithin } from '../../test/slow-sockets';
import { createUpload, headUpload, lectureVideoMetadata } from '../features/videos/test/tus-requests';
import { seedVideoWorld, type VideoWorld } from '../features/videos/test/video-world';
import { UPLOAD_MIN_PROGRESS_BYTES } from './slow-clients';

// Issue 12, item 1: a JSON body must arrive within the request timeout, however it trickles; an
// upload is cut only when it stalls, never while it moves. Timeouts of 1 s keep the test short.

let t: TestApp;
let w: VideoWorld;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1', UPLOAD_STALL_SECONDS: '1' } });
  w = await seedVideoWorld(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A tus PATCH whose body the test writes piece by piece; resolves with the status, or null if cut. */
function openPatch(url: string, offset: number, length: number) {
  const req = http.request(url, {
    method: 'PATCH',
    headers: {
      ...w.admin.auth,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
  });
  const answer = new Promise<number | null>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('error', () => resolve(null));
  });
  return { req, answer };
}

async function createTusUpload(length: number): Promise<string> {
  const res = await createUpload(base, w.admin.auth, length, lectureVideoMetadata(w));
  expect(res.status).toBe(201);
  return new URL(res.headers.get('location')!, base).href;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('request timeouts (issue 12)', () => {
  it('closes a JSON request whose body never comes, and one whose body trickles', async () => {
    const silent = openSlowSocket(base, { send: postHead('/api/auth/login', 100) });
    const trickling = openSlowSocket(base, { send: `${postHead('/api/auth/login', 100)}{` });
    trickling.trickle(200, ' ');
    expect(await settlesWithin(silent.closed, 4000)).toBe(true);
    expect(await settlesWithin(trickling.closed, 4000)).toBe(true);
    expect(await trickling.closed).toBeGreaterThanOrEqual(900);
  });

  it('closes a connection that does not finish its headers', async () => {
    const slowHeaders = openSlowSocket(base, { send: 'GET /api/health HTTP/1.1\r\nHost: x\r\n' });
    slowHeaders.trickle(200, 'X');
    expect(await settlesWithin(slowHeaders.closed, 4000)).toBe(true);
  });

  it('never cuts an upload that keeps moving, even past both timeouts', async () => {
    const piece = Buffer.alloc(UPLOAD_MIN_PROGRESS_BYTES * 2, 1);
    const pieces = 8; // one every 400 ms: 3.2 s in all
    const url = await createTusUpload(piece.length * pieces * 2);
    const { req, answer } = openPatch(url, 0, piece.length * pieces);
    for (let i = 0; i < pieces; i += 1) {
      req.write(piece);
      await sleep(400);
    }
    req.end();
    expect(await answer).toBe(204);
    const head = await headUpload(url, w.admin.auth);
    expect(Number(head.headers.get('upload-offset'))).toBe(piece.length * pieces);
  });

  it('cuts an upload that stalls, keeping what it received for a resume', async () => {
    const piece = Buffer.alloc(UPLOAD_MIN_PROGRESS_BYTES * 2, 1);
    const url = await createTusUpload(piece.length * 4);
    const { req, answer } = openPatch(url, 0, piece.length * 4);
    req.write(piece);
    expect(await settlesWithin(answer, 5000)).toBe(true);
    expect(await answer).toBeNull();
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i += 1) {
      const head = await headUpload(url, w.admin.auth);
      offset = Number(head.headers.get('upload-offset'));
      await sleep(100);
    }
    expect(offset).toBe(piece.length);
  });
});

describe('keep-alive connections', () => {
  it('leave no listener behind on the socket after each request with a body', async () => {
    const serverSockets: Socket[] = [];
    const onConnection = (socket: Socket) => serverSockets.push(socket);
    t.app.server.on('connection', onConnection);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(`${base}/api/logging/log`, {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json' },
        });
        req.on('response', (res) => res.resume().on('end', resolve));
        req.on('error', reject);
        req.end(JSON.stringify({ action: 'pageLoad' }));
      });
    try {
      const before = await (async () => {
        await post();
        return serverSockets[0]!.listenerCount('close');
      })();
      for (let i = 0; i < 30; i++) await post();
      expect(serverSockets).toHaveLength(1); // all on one connection
      expect(serverSockets[0]!.listenerCount('close')).toBe(before);
    } finally {
      agent.destroy();
      t.app.server.off('connection', onConnection);
    }
  });
});
