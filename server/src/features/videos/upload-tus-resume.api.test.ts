import { createHash } from 'node:crypto';
import { UPLOAD_KINDS, VIDEO_ID_HEADER, type VideoDto } from '@lectern/shared';
import * as tus from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { patchAndDrop, settledOffset } from './test/tus-requests';
import { lectureBytes as bytes, useTusServer } from './test/tus-server';
import { fixture, storedFiles, uploadRowCounts } from './test/video-world';

// Resuming tus uploads (SECURITY FI-1, FI-3) and the client the web app uses.

const s = useTusServer();
const { createOk, patch, head } = s;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('resuming tus uploads', () => {
  it('resumes a dropped upload from the HEAD offset into a byte-identical file and one video', async () => {
    const url = await createOk();
    expect((await patch(url, 1, bytes)).status).toBe(409); // wrong offset: nothing written
    await patchAndDrop(url, s.w.admin.auth, 0, bytes, Math.floor(bytes.length / 2));
    const offset = await settledOffset(url, s.w.admin.auth);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(Math.floor(bytes.length / 2));
    const before = await uploadRowCounts(s.t);
    const last = await patch(url, offset, bytes.subarray(offset));
    expect(last.status, await last.clone().text()).toBe(204);
    const videoId = last.headers.get(VIDEO_ID_HEADER)!;
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await uploadRowCounts(s.t)).videos).toBe(before.videos + 1);

    // The upload is gone once registered: sending the last chunk again creates nothing.
    await new Promise((r) => setTimeout(r, 100));
    expect([404, 410]).toContain((await patch(url, bytes.length, Buffer.alloc(0))).status);
    expect((await uploadRowCounts(s.t)).videos).toBe(before.videos + 1);

    const list = await fetch(`${s.base}/api/upload/lecture-videos/${s.w.lectureA}`);
    const video = ((await list.json()) as VideoDto[]).find((v) => v.id === videoId)!;
    expect(video.durationSeconds).toBeCloseTo(10, 0);
    const whole = Buffer.from(await (await fetch(`${s.base}${video.videoSource}`)).arrayBuffer());
    expect(sha(whole)).toBe(sha(bytes));
    const part = await fetch(`${s.base}${video.videoSource}`, { headers: { range: 'bytes=1000-4999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 5000))).toBe(true);
    expect(storedFiles(s.t).filter((f) => f.startsWith(s.t.config.uploadsDir))).toEqual([]);
  });

  it('resumes on a restarted server: the offset comes from the file on disk', async () => {
    const url = await createOk();
    const half = Math.floor(bytes.length / 2);
    expect((await patch(url, 0, bytes.subarray(0, half))).status).toBe(204);
    // A second server process on the same data dir and database (new tus server, new locks).
    const restarted = await buildApp({
      config: s.t.config,
      database: s.t.database,
      clock: s.t.clock.now,
      mailer: s.t.mailer,
      logger: false,
    });
    try {
      const again = await restarted.listen({ port: 0, host: '127.0.0.1' });
      const moved = url.replace(s.base, again);
      const offset = Number((await head(moved)).headers.get('upload-offset'));
      expect(offset).toBe(half);
      const last = await patch(moved, offset, bytes.subarray(offset));
      expect(last.status).toBe(204);
      const video = (await (
        await fetch(`${again}/api/upload/lecture-videos/${s.w.lectureA}`)
      ).json()) as VideoDto[];
      const created = video.find((v) => v.id === last.headers.get(VIDEO_ID_HEADER))!;
      const whole = Buffer.from(await (await fetch(`${again}${created.videoSource}`)).arrayBuffer());
      expect(sha(whole)).toBe(sha(bytes));
    } finally {
      await restarted.close();
    }
  });

  it('works with tus-js-client, which the web app uses', async () => {
    const data = fixture('lecture-10s.mp4');
    const videoId = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        endpoint: `${s.base}/tus/`,
        headers: s.w.admin.auth,
        chunkSize: 5000,
        retryDelays: [],
        metadata: {
          kind: UPLOAD_KINDS.lectureVideo,
          courseID: s.w.courseA,
          lectureID: s.w.lectureA,
          title: 'Via client',
        },
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(VIDEO_ID_HEADER) ?? ''),
        onError: reject,
      });
      upload.start();
    });
    const list = (await (
      await fetch(`${s.base}/api/upload/lecture-videos/${s.w.lectureA}`)
    ).json()) as VideoDto[];
    expect(list.find((v) => v.id === videoId)).toMatchObject({
      title: 'Via client',
      sourceType: 'localFile',
    });
  });
});
