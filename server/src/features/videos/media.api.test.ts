import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { VideoDto } from '@lectern/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { seedMedia, seedVideo } from '../../../test/seed';
import { fixture, videoWorldFixture } from './test/video-world';

const { t, w } = videoWorldFixture();
let released: string; // sha256 of a file in a released lecture
let hidden: string; // sha256 of a file only in an unreleased lecture
const bytes = fixture('lecture-10s.mp4');
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  released = await seedMedia(t.db, t.media, 'lecture-10s.mp4');
  hidden = await seedMedia(t.db, t.media, 'lecture-6s.mp4', 6);
  await seedVideo(t.db, w.lectureA, { mediaSha256: released });
  await seedVideo(t.db, w.unreleasedA, { mediaSha256: hidden, title: 'Secret' });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /media/:file', () => {
  it('serves a released file whole, with its caching and safety headers', async () => {
    const res = await get(`/media/${released}.mp4`);
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(bytes));
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      etag: `"${released}"`,
      'content-length': String(bytes.length),
      'cache-control': 'private, max-age=31536000, immutable',
    });
    expect(Date.parse(String(res.headers['last-modified']))).toBeGreaterThan(0);
  });

  it('answers Range requests with exactly the requested bytes', async () => {
    const mid = await get(`/media/${released}.mp4`, { range: 'bytes=100-1123' });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 100-1123/${bytes.length}`);
    expect(mid.rawPayload.equals(bytes.subarray(100, 1124))).toBe(true);
    const tail = await get(`/media/${released}.mp4`, { range: 'bytes=-500' });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);
    const open = await get(`/media/${released}.mp4`, { range: `bytes=${bytes.length - 10}-` });
    expect(open.headers['content-range']).toBe(
      `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(open.rawPayload.length).toBe(10);
  });

  it('answers 416 for a range past the end, 304 for a known ETag, whole file for a stale If-Range', async () => {
    const past = await get(`/media/${released}.mp4`, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect((await get(`/media/${released}.mp4`, { 'if-none-match': `"${released}"` })).statusCode).toBe(304);
    const stale = await get(`/media/${released}.mp4`, { range: 'bytes=0-9', 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/media/${released}.mp4` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it('is not rate limited: a class behind one IP makes thousands of Range requests', async () => {
    const statuses = new Set<number>();
    for (let batch = 0; batch < 62; batch += 1) {
      const replies = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.app.inject({ method: 'HEAD', url: `/media/${released}.mp4`, headers: { range: 'bytes=0-1' } }),
        ),
      );
      for (const reply of replies) statuses.add(reply.statusCode);
    }
    expect([...statuses]).toEqual([206]);
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '..%2Fmedia-url.key',
    'abc.mp4',
    `${'A'.repeat(64)}.mp4`,
    `${'0'.repeat(64)}.mp4`,
  ])('404 for %s', async (name) => {
    expect((await get(`/media/${name}`)).statusCode).toBe(404);
  });

  it('hides a file of an unreleased lecture from everyone without a grant', async () => {
    expect((await get(`/media/${hidden}.mp4`)).statusCode).toBe(404);
    expect((await get(`/media/${hidden}.mp4`, w.student.auth)).statusCode).toBe(404);
    expect((await get(`/media/${hidden}.mp4`, w.admin.auth)).statusCode).toBe(404); // <video> sends no bearer
    expect((await get(`/media/${hidden}.mp4?exp=9999999999&sig=forged`)).statusCode).toBe(404);
  });

  it('serves it through the signed URL the admin receives, until the grant expires', async () => {
    const list = await get(`/api/upload/lecture-videos/${w.unreleasedA}`, w.admin.auth);
    const [video] = list.json<VideoDto[]>();
    expect(video!.videoSource).toMatch(/^\/media\/[a-f0-9]{64}\.mp4\?exp=\d+&sig=[\w-]+$/);
    expect((await get(video!.videoSource, { range: 'bytes=0-7' })).statusCode).toBe(206);
    // The signature binds the file: it does not open another one.
    const orphan = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4); // stored, in no lecture
    expect((await get(video!.videoSource.replace(hidden, orphan))).statusCode).toBe(404);
    t.clock.advance(13 * 3600 * 1000);
    expect((await get(video!.videoSource)).statusCode).toBe(404);
    t.clock.advance(-13 * 3600 * 1000);
  });

  // An 8 MiB released file (several 1 MiB reads) served over a real socket; made once, on first use.
  let served: Promise<{ url: string; big: Buffer }> | undefined;
  const bigFileServed = () =>
    (served ??= (async () => {
      const big = randomBytes(8 * 1024 * 1024);
      const copy = path.join(path.dirname(t.media.pathOf('0'.repeat(64))), '.big-seed');
      fs.writeFileSync(copy, big);
      const stored = await t.media.importFile(copy);
      await t.db
        .insert(mediaFiles)
        .values({ sha256: stored.sha256, sizeBytes: big.length, durationSeconds: 60 });
      await seedVideo(t.db, w.lectureA, { mediaSha256: stored.sha256 });
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      return { url: `${base}/media/${stored.sha256}.mp4`, big };
    })());
  /** The body at `url`; a client that `stallsMs` stops reading after the first bytes, so the server's writes wait. */
  const fetchBytes = (url: string, headers: Record<string, string> = {}, stallsMs = 0) =>
    new Promise<Buffer>((resolve, reject) => {
      http.get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
        if (stallsMs) res.once('data', () => (res.pause(), setTimeout(() => res.resume(), stallsMs)));
      });
    });

  it('keeps a file readable for everyone else when a client goes away in the middle of it', async () => {
    // Requests share one open descriptor (lib/open-files.ts); a send cut short by an abort must not close it.
    const { url, big } = await bigFileServed();
    for (let round = 0; round < 3; round += 1) {
      await new Promise<void>((resolve) => {
        const req = http.get(url, (res) => res.once('data', () => (req.destroy(), resolve())));
      });
      await new Promise((r) => setTimeout(r, 50)); // the server sees the abort and stops sending
      expect(sha(await fetchBytes(url))).toBe(sha(big));
    }
  });

  it('sends every client its own bytes when many read at once', async () => {
    // Reads go through reused buffers (lib/send-file-bytes.ts): one handed on while a stalled client's
    // write still held it would show here as another request's bytes.
    const { url, big } = await bigFileServed();
    const MIB = 1024 * 1024;
    const ranges = Array.from({ length: 12 }, (_, i) => {
      const start = (i * 700_001) % (big.length - 3 * MIB);
      return { start, end: start + (i % 3) * MIB + 12_345 };
    });
    const [whole, stalled, ...parts] = await Promise.all([
      fetchBytes(url),
      fetchBytes(url, {}, 300),
      ...ranges.map(({ start, end }) => fetchBytes(url, { range: `bytes=${start}-${end}` })),
    ]);
    expect(sha(whole!)).toBe(sha(big));
    expect(sha(stalled!)).toBe(sha(big));
    parts.forEach((part, i) => {
      expect(part.equals(big.subarray(ranges[i]!.start, ranges[i]!.end + 1))).toBe(true);
    });
  });
});
