import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageUse } from '@lectern/shared';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { call, expectStatus } from '../../../test/calls';
import { createUpload, headUpload, lectureVideoMetadata, patchUpload } from './test/tus-requests';
import { fixture, multipart, seedVideoWorld, uploadRowCounts, type VideoWorld } from './test/video-world';

// SECURITY FI-7 for real: the data dir is an 80 MB tmpfs (CI runs as root on Linux), filled up by
// another writer while an upload is under way. The PATCH that hits ENOSPC gets 507 with a generic body,
// the offset stays what is on disk, the rest of the app keeps working, new uploads are refused with 507
// at once, and once there is room again the upload resumes and completes with the right bytes.

const isRoot = process.getuid?.() === 0;
const bytes = fixture('lecture-10s.mp4');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.runIf(isRoot)('a full disk during an upload (SECURITY FI-7)', () => {
  let dir: string;
  let t: TestApp;
  let w: VideoWorld;
  let base: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=80m', 'tmpfs', dir]);
    t = await createTestApp({ env: { DATA_DIR: dir } });
    w = await seedVideoWorld(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    execFileSync('umount', [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const filler = () => path.join(dir, 'filler');
  /** Another writer takes all but `leave` bytes of the disk. */
  function fillDisk(leave: number): void {
    const stats = fs.statfsSync(dir);
    fs.writeFileSync(filler(), Buffer.alloc(stats.bavail * stats.bsize - leave));
  }

  it('507 on the PATCH that finds the disk full, nothing half-registered, and a clean resume', async () => {
    const created = await createUpload(base, w.admin.auth, bytes.length, lectureVideoMetadata(w));
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, base).href;
    const uploadFile = path.join(t.config.uploadsDir, url.split('/').pop()!);

    fillDisk(32 * 1024);
    const full = await patchUpload(url, w.admin.auth, 0, bytes);
    expect(full.status).toBe(507);
    const body = await full.text();
    expect(body).toContain('no room');
    expect(body).not.toContain(dir);
    expect(body).not.toMatch(/ENOSPC|no space left/i);

    // The offset is what reached the disk; nothing was registered.
    const head = await headUpload(url, w.admin.auth);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(fs.statSync(uploadFile).size);
    expect(offset).toBeLessThan(bytes.length);
    expect((await uploadRowCounts(t)).videos).toBe(0);

    // The database lives elsewhere: the app keeps answering.
    const login = await call(t, 'POST', '/api/login', {
      payload: { email: w.admin.email, password: w.admin.password },
    });
    expectStatus(login, 200);
    expectStatus(await call(t, 'GET', '/api/upload/storage', { as: w.admin }), 200);

    // New uploads are refused at once, on tus and multipart, and leave nothing behind.
    expect((await createUpload(base, w.admin.auth, bytes.length, lectureVideoMetadata(w))).status).toBe(507);
    const form = multipart(
      { courseID: w.courseA, lectureID: w.lectureA, title: 'Clip' },
      { name: 'clip.mp4', data: bytes },
    );
    const refused = await call(t, 'POST', '/api/upload/videoFileToLecture', {
      as: w.admin,
      payload: form.payload,
      headers: form.headers,
    });
    expectStatus(refused, 507);
    expect(fs.readdirSync(path.join(t.config.mediaDir, '.incoming'))).toEqual([]);

    // Room again: the upload resumes from the offset on disk and completes with the right bytes.
    fs.rmSync(filler());
    const rest = await patchUpload(url, w.admin.auth, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    const used = (await call(t, 'GET', '/api/upload/storage', { as: w.admin })).json<StorageUse>();
    expect(used.usedBytes).toBe(bytes.length);
    expect(fs.existsSync(t.media.pathOf(sha256(bytes)))).toBe(true);
  });
});
