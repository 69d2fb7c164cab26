import { createHash } from 'node:crypto';
import http from 'node:http';
import { UPLOAD_KINDS, VIDEO_ID_HEADER, type VideoDto } from '@lectern/shared';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { fixture, seedVideoWorld, storedFiles, uploadRowCounts, type VideoWorld } from './test/video-world';

// tus needs real sockets: the app listens on a free loopback port.

let t: TestApp;
let w: VideoWorld;
let base: string;
const bytes = fixture('lecture-10s.mp4');
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const MAX = 200_000;

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(MAX) } });
  w = await seedVideoWorld(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (over: Record<string, string> = {}) =>
  Object.entries({
    kind: UPLOAD_KINDS.lectureVideo,
    courseID: w.courseA,
    lectureID: w.lectureA,
    title: 'Taped',
    ...over,
  })
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

async function create(auth: Record<string, string>, length: number, meta = metadata()) {
  return fetch(`${base}/tus/`, {
    method: 'POST',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': meta },
  });
}

async function createOk(length = bytes.length, meta?: string): Promise<string> {
  const res = await create(w.admin.auth, length, meta);
  expect(res.status, await res.clone().text()).toBe(201);
  return new URL(res.headers.get('location')!, base).href;
}

const patch = (url: string, offset: number, body: Buffer, auth = w.admin.auth) =>
  fetch(url, {
    method: 'PATCH',
    headers: {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body,
  });

const head = (url: string, auth = w.admin.auth) =>
  fetch(url, { method: 'HEAD', headers: { ...auth, 'tus-resumable': '1.0.0' } });

/** Sends part of a PATCH body, then drops the connection (a flaky network). */
function patchAndDrop(url: string, offset: number, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...w.admin.auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
      },
    });
    req.on('error', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
    req.on('close', () => resolve());
  });
}

describe('tus uploads at /tus/', () => {
  it('advertises the size limit and refuses larger uploads before storing anything', async () => {
    const options = await fetch(`${base}/tus/`, { method: 'OPTIONS' });
    expect(options.headers.get('tus-max-size')).toBe(String(MAX));
    expect((await create(w.admin.auth, MAX + 1)).status).toBe(413);
  });

  it('checks the login, the role and that the lecture belongs to the course at creation', async () => {
    const before = await uploadRowCounts(t);
    expect((await create({}, 10)).status).toBe(401);
    expect((await create(w.student.auth, 10)).status).toBe(403);
    expect((await create(w.adminB.auth, 10)).status).toBe(403);
    expect((await create(w.admin.auth, 10, metadata({ lectureID: w.lectureB }))).status).toBe(400);
    expect((await create(w.admin.auth, 10, metadata({ kind: 'other' }))).status).toBe(400);
    expect((await create(w.admin.auth, 10, metadata({ title: '' }))).status).toBe(400);
    expect(await uploadRowCounts(t)).toEqual(before);
    expect(storedFiles(t).filter((f) => f.startsWith(t.config.uploadsDir))).toEqual([]);
  });

  it('keeps only the expected metadata and refuses another user on HEAD, PATCH and DELETE', async () => {
    const url = await createOk(bytes.length, `${metadata()},ownerId ${b64(w.student.id)},extra ${b64('x')}`);
    const own = await head(url);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.headers.get('upload-metadata')).not.toContain(b64('x'));
    expect(own.headers.get('upload-metadata')).toContain(`ownerId ${b64(w.admin.id)}`);
    expect((await head(url, w.student.auth)).status).toBe(403);
    expect((await patch(url, 0, bytes.subarray(0, 10), w.adminB.auth)).status).toBe(403);
    expect(
      (await fetch(url, { method: 'DELETE', headers: { ...w.student.auth, 'tus-resumable': '1.0.0' } }))
        .status,
    ).toBe(403);
    expect((await head(url)).headers.get('upload-offset')).toBe('0');
    expect(
      (await fetch(url, { method: 'DELETE', headers: { ...w.admin.auth, 'tus-resumable': '1.0.0' } })).status,
    ).toBe(204);
  });

  it('resumes a dropped upload from the HEAD offset into a byte-identical file and one video', async () => {
    const url = await createOk();
    expect((await patch(url, 1, bytes)).status).toBe(409); // wrong offset: nothing written
    await patchAndDrop(url, 0, bytes, Math.floor(bytes.length / 2));
    let offset = 0;
    for (let i = 0; i < 50; i += 1) {
      const res = await head(url);
      if (res.status === 200) offset = Number(res.headers.get('upload-offset'));
      if (res.status === 200 && offset > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(Math.floor(bytes.length / 2));
    const before = await uploadRowCounts(t);
    const last = await patch(url, offset, bytes.subarray(offset));
    expect(last.status, await last.clone().text()).toBe(204);
    const videoId = last.headers.get(VIDEO_ID_HEADER)!;
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await uploadRowCounts(t)).videos).toBe(before.videos + 1);

    // The upload is gone once registered: sending the last chunk again creates nothing.
    await new Promise((r) => setTimeout(r, 100));
    expect([404, 410]).toContain((await patch(url, bytes.length, Buffer.alloc(0))).status);
    expect((await uploadRowCounts(t)).videos).toBe(before.videos + 1);

    const list = await fetch(`${base}/api/upload/lecture-videos/${w.lectureA}`);
    const video = ((await list.json()) as VideoDto[]).find((v) => v.id === videoId)!;
    expect(video.durationSeconds).toBeCloseTo(10, 0);
    const whole = Buffer.from(await (await fetch(`${base}${video.videoSource}`)).arrayBuffer());
    expect(sha(whole)).toBe(sha(bytes));
    const part = await fetch(`${base}${video.videoSource}`, { headers: { range: 'bytes=1000-4999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 5000))).toBe(true);
    expect(storedFiles(t).filter((f) => f.startsWith(t.config.uploadsDir))).toEqual([]);
  });

  it('resumes on a restarted server: the offset comes from the file on disk', async () => {
    const url = await createOk();
    const half = Math.floor(bytes.length / 2);
    expect((await patch(url, 0, bytes.subarray(0, half))).status).toBe(204);
    // A second server process on the same data dir and database (new tus server, new locks).
    const restarted = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock.now,
      mailer: t.mailer,
      logger: false,
    });
    try {
      const again = await restarted.listen({ port: 0, host: '127.0.0.1' });
      const moved = url.replace(base, again);
      const offset = Number((await head(moved)).headers.get('upload-offset'));
      expect(offset).toBe(half);
      const last = await patch(moved, offset, bytes.subarray(offset));
      expect(last.status).toBe(204);
      const video = (await (
        await fetch(`${again}/api/upload/lecture-videos/${w.lectureA}`)
      ).json()) as VideoDto[];
      const created = video.find((v) => v.id === last.headers.get(VIDEO_ID_HEADER))!;
      const whole = Buffer.from(await (await fetch(`${again}${created.videoSource}`)).arrayBuffer());
      expect(sha(whole)).toBe(sha(bytes));
    } finally {
      await restarted.close();
    }
  });

  it.each(['text-disguised-as.mp4', 'webm-disguised-as.mp4'])(
    'refuses %s at the end and deletes it',
    async (name) => {
      const data = fixture(name);
      const before = await uploadRowCounts(t);
      const mediaBefore = storedFiles(t).filter((f) => f.startsWith(t.config.mediaDir));
      const url = await createOk(data.length);
      const res = await patch(url, 0, data);
      expect(res.status).toBe(415);
      expect(JSON.parse(await res.text())).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(await uploadRowCounts(t)).toEqual(before);
      expect(storedFiles(t).filter((f) => f.startsWith(t.config.uploadsDir))).toEqual([]);
      expect(storedFiles(t).filter((f) => f.startsWith(t.config.mediaDir))).toEqual(mediaBefore);
      expect([404, 410]).toContain((await head(url)).status);
    },
  );

  it('works with tus-js-client, which the web app uses', async () => {
    const data = fixture('moov-at-end-5s.mp4');
    const videoId = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        endpoint: `${base}/tus/`,
        headers: w.admin.auth,
        chunkSize: 5000,
        retryDelays: [],
        metadata: {
          kind: UPLOAD_KINDS.lectureVideo,
          courseID: w.courseA,
          lectureID: w.lectureA,
          title: 'Via client',
        },
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(VIDEO_ID_HEADER) ?? ''),
        onError: reject,
      });
      upload.start();
    });
    const list = (await (
      await fetch(`${base}/api/upload/lecture-videos/${w.lectureA}`)
    ).json()) as VideoDto[];
    expect(list.find((v) => v.id === videoId)).toMatchObject({
      title: 'Via client',
      sourceType: 'localFile',
    });
  });
});
