import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { VIDEO_ID_HEADER } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { TUS_MAX_BYTES, lectureBytes as bytes, useTusServer } from './test/tus-server';
import { fixture, multipart, uploadRowCounts } from './test/video-world';

// SECURITY FI-2 (the process dies after the last byte is stored, before the video exists) and the
// 'upload.rejected' security event of LOG-1 on the tus and multipart paths.

const s = useTusServer();
const { createOk, patch, head } = s;

/** A second server process on the same data dir and database, logging to `lines`. */
const restarted = { lines: [] as string[] } as { app: FastifyInstance; base: string; lines: string[] };
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      restarted.lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  restarted.app = await buildApp({
    config: s.t.config,
    database: s.t.database,
    clock: s.t.clock.now,
    mailer: s.t.mailer,
    logger: { level: 'info', stream },
  });
  restarted.base = await restarted.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => restarted.app.close());

/** An upload whose bytes are all on disk but whose completion never ran: the crash of FI-2. */
async function crashedWhileFinishing(): Promise<string> {
  const url = await createOk();
  expect((await patch(url, 0, bytes.subarray(0, -1))).status).toBe(204);
  const id = new URL(url).pathname.split('/').pop()!;
  fs.appendFileSync(path.join(s.t.config.uploadsDir, id), bytes.subarray(-1));
  return url.replace(s.base, restarted.base);
}

const videoIdOf = (res: Response) => res.headers.get(VIDEO_ID_HEADER);

describe('an upload interrupted while finishing (SECURITY FI-2)', () => {
  it('is completed by a HEAD after the restart, once, and answers the same id afterwards', async () => {
    const url = await crashedWhileFinishing();
    const before = await uploadRowCounts(s.t);
    const first = await head(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('upload-offset')).toBe(String(bytes.length));
    const videoId = videoIdOf(first);
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await uploadRowCounts(s.t)).videos).toBe(before.videos + 1);

    // Again, on this process and on the other one (no shared memory): the recorded id, no new video.
    expect(videoIdOf(await head(url))).toBe(videoId);
    expect(videoIdOf(await head(url.replace(restarted.base, s.base)))).toBe(videoId);
    const resent = await patch(url, bytes.length, Buffer.alloc(0));
    expect(resent.status).toBe(204);
    expect(videoIdOf(resent)).toBe(videoId);
    await new Promise((r) => setTimeout(r, 100));
    expect([404, 410]).toContain((await patch(url, bytes.length, Buffer.alloc(0))).status);
    expect((await uploadRowCounts(s.t)).videos).toBe(before.videos + 1);

    const list = await fetch(`${restarted.base}/api/upload/lecture-videos/${s.w.lectureA}`);
    expect(((await list.json()) as { id: string }[]).map((v) => v.id)).toContain(videoId);
  });

  it('is completed once by resent final PATCHes, even concurrent ones', async () => {
    const url = await crashedWhileFinishing();
    const before = await uploadRowCounts(s.t);
    const answers = await Promise.all([1, 2, 3].map(() => patch(url, bytes.length, Buffer.alloc(0))));
    const ok = answers.filter((a) => a.status === 204);
    expect(ok.length).toBeGreaterThan(0);
    expect(answers.every((a) => [204, 404, 410].includes(a.status))).toBe(true);
    expect(new Set(ok.map(videoIdOf)).size).toBe(1);
    expect(videoIdOf(ok[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 100));
    expect([404, 410]).toContain((await head(url)).status);
    expect((await uploadRowCounts(s.t)).videos).toBe(before.videos + 1);
  });
});

describe("the 'upload.rejected' security event (SECURITY LOG-1)", () => {
  const rejections = () =>
    restarted.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.securityEvent === 'upload.rejected');

  it('is logged for a tus upload too large at creation and a non-mp4 at the end', async () => {
    const create = (length: number) =>
      fetch(`${restarted.base}/tus/`, {
        method: 'POST',
        headers: {
          ...s.w.admin.auth,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': s.metadata(),
        },
      });
    expect((await create(TUS_MAX_BYTES + 1)).status).toBe(413);
    expect(rejections().at(-1)).toMatchObject({
      userId: s.w.admin.id,
      ip: '127.0.0.1',
      status: 413,
      reason: 'size',
      reqId: expect.any(String),
    });

    const text = fixture('text-disguised-as.mp4');
    const made = await create(text.length);
    const url = new URL(made.headers.get('location')!, restarted.base).href;
    expect((await patch(url, 0, text)).status).toBe(415);
    expect(rejections().at(-1)).toMatchObject({ userId: s.w.admin.id, status: 415, reason: 'type' });
  });

  it('is logged for a multipart upload of the wrong type, and not for an accepted one', async () => {
    const send = (data: Buffer) => {
      const body = multipart(
        { courseID: s.w.courseA, lectureID: s.w.lectureA, title: 'Multipart' },
        { name: 'a.mp4', data },
      );
      return restarted.app.inject({
        method: 'POST',
        url: '/api/upload/videoFileToLecture',
        headers: { ...s.w.admin.auth, ...body.headers },
        payload: body.payload,
      });
    };
    const seen = rejections().length;
    expect((await send(bytes)).statusCode).toBe(201);
    expect(rejections()).toHaveLength(seen);
    expect((await send(fixture('text-disguised-as.mp4'))).statusCode).toBe(415);
    expect(rejections().at(-1)).toMatchObject({
      userId: s.w.admin.id,
      status: 415,
      reason: 'type',
      route: 'POST /api/upload/videoFileToLecture',
    });
  });
});
