import { VALIDATION } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { b64, deleteUpload } from './test/tus-requests';
import { TUS_MAX_BYTES, lectureBytes as bytes, useTusServer } from './test/tus-server';
import { fixture, storedFiles, uploadRowCounts } from './test/video-world';

// tus creation, ownership and refused files. Resuming is in upload-tus-resume.api.test.ts.

const s = useTusServer();
const { metadata, create, createOk, patch, head } = s;

describe('tus uploads at /tus/', () => {
  it('advertises the size limit and refuses larger uploads before storing anything', async () => {
    const options = await fetch(`${s.base}/tus/`, { method: 'OPTIONS' });
    expect(options.headers.get('tus-max-size')).toBe(String(TUS_MAX_BYTES));
    expect((await create(s.w.admin.auth, TUS_MAX_BYTES + 1)).status).toBe(413);
  });

  it('checks the login, the role and that the lecture belongs to the course at creation', async () => {
    const before = await uploadRowCounts(s.t);
    expect((await create({}, 10)).status).toBe(401);
    expect((await create(s.w.student.auth, 10)).status).toBe(403);
    expect((await create(s.w.adminB.auth, 10)).status).toBe(403);
    expect((await create(s.w.admin.auth, 10, metadata({ lectureID: s.w.lectureB }))).status).toBe(400);
    expect((await create(s.w.admin.auth, 10, metadata({ kind: 'other' }))).status).toBe(400);
    expect((await create(s.w.admin.auth, 10, metadata({ title: '' }))).status).toBe(400);
    expect(await uploadRowCounts(s.t)).toEqual(before);
    expect(storedFiles(s.t).filter((f) => f.startsWith(s.t.config.uploadsDir))).toEqual([]);
  });

  it("takes the title under the form upload's rules: invisible characters dropped (issue 20)", async () => {
    const blank = await create(s.w.admin.auth, 10, metadata({ title: '\u3164\u200B\uFFA0' }));
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(VALIDATION.titleRequired);
    const url = await createOk(bytes.length, metadata({ title: 'Part\u202E 1\u115F' }));
    expect((await head(url)).headers.get('upload-metadata')).toContain(`title ${b64('Part 1')}`);
    expect((await deleteUpload(url, s.w.admin.auth)).status).toBe(204);
  });

  it('answers 404 for unknown and path-traversal upload ids (SECURITY UP-3)', async () => {
    for (const id of ['0123456789abcdef', '..%2F..%2Fetc%2Fpasswd', '..%2Fmedia-url.key']) {
      expect((await head(`${s.base}/tus/${id}`)).status).toBe(404);
      expect((await patch(`${s.base}/tus/${id}`, 0, Buffer.from('x'))).status).toBe(404);
    }
  });

  it('keeps only the expected metadata and refuses another user on HEAD, PATCH and DELETE', async () => {
    const url = await createOk(
      bytes.length,
      `${metadata()},ownerId ${b64(s.w.student.id)},extra ${b64('x')}`,
    );
    const own = await head(url);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.headers.get('upload-metadata')).not.toContain(b64('x'));
    expect(own.headers.get('upload-metadata')).toContain(`ownerId ${b64(s.w.admin.id)}`);
    expect((await head(url, s.w.student.auth)).status).toBe(403);
    expect((await patch(url, 0, bytes.subarray(0, 10), s.w.adminB.auth)).status).toBe(403);
    expect((await deleteUpload(url, s.w.student.auth)).status).toBe(403);
    expect((await head(url)).headers.get('upload-offset')).toBe('0');
    expect((await deleteUpload(url, s.w.admin.auth)).status).toBe(204);
  });

  it.each([
    ['text-disguised-as.mp4', 415],
    ['audio-only.m4a', 415],
    ['damaged.webm', 422],
  ])('refuses %s at the end with %d and deletes it', async (name, status) => {
    const data = fixture(name);
    const before = await uploadRowCounts(s.t);
    const mediaBefore = storedFiles(s.t).filter((f) => f.startsWith(s.t.config.mediaDir));
    const url = await createOk(data.length);
    const res = await patch(url, 0, data);
    expect(res.status).toBe(status);
    expect(JSON.parse(await res.text())).toMatchObject({
      code: status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'UNPROCESSABLE',
    });
    expect(await uploadRowCounts(s.t)).toEqual(before);
    expect(storedFiles(s.t).filter((f) => f.startsWith(s.t.config.uploadsDir))).toEqual([]);
    expect(storedFiles(s.t).filter((f) => f.startsWith(s.t.config.mediaDir))).toEqual(mediaBefore);
    expect([404, 410]).toContain((await head(url)).status);
  });
});
