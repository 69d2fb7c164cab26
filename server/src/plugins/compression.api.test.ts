import zlib from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, expectStatus } from '../../test/calls';
import { seedQuestion } from '../../test/seed';
import { worldFixture } from '../../test/fixture';

// API answers compressed for clients that accept it (plugins/compression.ts).

describe('compressed API answers', () => {
  const { t, w } = worldFixture();
  const url = () => `/api/questions/lecture-questions/${w.LA.id}`;

  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id, timeAsked: i });
    }
  });

  it('sends a large answer as brotli or gzip, whichever the client accepts, with the same JSON', async () => {
    const plain = await call(t, 'GET', url(), { as: w.users.adminA });
    expectStatus(plain, 200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await call(t, 'GET', url(), {
      as: w.users.adminA,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gz = await call(t, 'GET', url(), { as: w.users.adminA, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a JSON read once for every caller who gets the very same answer', async () => {
    const read = (who: (typeof w.users)[keyof typeof w.users], encoding = 'gzip, deflate, br, zstd') =>
      call(t, 'GET', `/api/upload/${w.VA1.id}`, { as: who, headers: { 'accept-encoding': encoding } });
    const [ada, cora] = [await read(w.users.adminA, 'identity'), await read(w.users.coAdminA, 'identity')];
    expect(ada.body).toBe(cora.body); // the course's two admins see the same answer
    const compressions = vi.spyOn(zlib, 'brotliCompress');
    try {
      const [first, second] = [await read(w.users.adminA), await read(w.users.coAdminA)];
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(first.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(ada.body);
      expect(compressions).toHaveBeenCalledTimes(1);
      // A changed answer is compressed afresh.
      await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id, timeAsked: 99 });
      const changed = await read(w.users.adminA);
      expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
      expect(compressions).toHaveBeenCalledTimes(2);
    } finally {
      compressions.mockRestore();
    }
  });

  it('leaves small answers as they are', async () => {
    const res = await call(t, 'GET', '/api/health', { headers: { 'accept-encoding': 'br' } });
    expectStatus(res, 200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate compressed request bodies', async () => {
    const res = await call(t, 'POST', '/api/questions', {
      as: w.users.studentA,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ question: 'Zipped?', videoId: w.VA1.id, time: 1 })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
