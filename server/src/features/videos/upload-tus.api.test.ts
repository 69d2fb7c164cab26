import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createUpload,
  deleteUpload,
  headUpload,
  lectureVideoMetadata,
  patchUpload,
} from './test/tus-requests';
import { fixture, seedVideoWorld, storedFiles, uploadRowCounts, type VideoWorld } from './test/video-world';

// tus creation, ownership and refused files. Resuming is in upload-tus-resume.api.test.ts.

let t: TestApp;
let w: VideoWorld;
let base: string;
const bytes = fixture('lecture-10s.mp4');
const MAX = 200_000;

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(MAX) } });
  w = await seedVideoWorld(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const metadata = (over: Record<string, string> = {}) => lectureVideoMetadata(w, over);
const create = (auth: Record<string, string>, length: number, meta = metadata()) =>
  createUpload(base, auth, length, meta);
async function createOk(length = bytes.length, meta?: string): Promise<string> {
  const res = await create(w.admin.auth, length, meta);
  expect(res.status, await res.clone().text()).toBe(201);
  return new URL(res.headers.get('location')!, base).href;
}
const patch = (url: string, offset: number, body: Buffer, auth = w.admin.auth) =>
  patchUpload(url, auth, offset, body);
const head = (url: string, auth = w.admin.auth) => headUpload(url, auth);

const b64 = (s: string) => Buffer.from(s).toString('base64');

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

  it('answers 404 for unknown and path-traversal upload ids (SECURITY UP-3)', async () => {
    for (const id of ['0123456789abcdef', '..%2F..%2Fetc%2Fpasswd', '..%2Fmedia-url.key']) {
      expect((await head(`${base}/tus/${id}`)).status).toBe(404);
      expect((await patch(`${base}/tus/${id}`, 0, Buffer.from('x'))).status).toBe(404);
    }
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
    expect((await deleteUpload(url, w.student.auth)).status).toBe(403);
    expect((await head(url)).headers.get('upload-offset')).toBe('0');
    expect((await deleteUpload(url, w.admin.auth)).status).toBe(204);
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
});
