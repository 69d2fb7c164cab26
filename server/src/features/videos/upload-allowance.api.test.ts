import { describe, expect, it } from 'vitest';
import type { StorageUse } from '@lectern/shared';
import { call, expectStatus } from '../../../test/calls';
import { quotaFixture } from './test/quota-fixture';
import { deleteUpload, patchUpload } from './test/tus-requests';
import { fixture, multipart, storedFiles, uploadRowCounts } from './test/video-world';

// Issue 12, item 8: a per-user storage quota (413 before any byte is stored) and at most 20 upload
// creations an hour per user, on tus and multipart alike (SECURITY RL-4, UP-6).

const bytes = fixture('lecture-10s.mp4');
const QUOTA = bytes.length * 2 + 1_000;

describe('upload allowance: quota and creation limit', () => {
  const { t, w, create, urlOf, multipartUpload } = quotaFixture(QUOTA);
  const storage = async (who = w.admin) => {
    const res = await call(t, 'GET', '/api/upload/storage', { as: who });
    expectStatus(res, 200);
    return res.json<StorageUse>();
  };

  it('shows the instructor their use; each stored file counts once, a copy of it costs nothing', async () => {
    expect(await storage()).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    const created = await create(bytes.length);
    expect(created.status).toBe(201);
    const url = urlOf(created);
    expect((await patchUpload(url, w.admin.auth, 0, bytes)).status).toBe(204);
    expectStatus(await multipartUpload(), 201); // the same bytes again
    expect(await storage()).toEqual({ usedBytes: bytes.length, quotaBytes: QUOTA });
    expect(await storage(w.adminB)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    expectStatus(await call(t, 'GET', '/api/upload/storage'), 401);
  });

  it('413 for an upload that would pass the quota, on tus and multipart, before a byte is stored', async () => {
    const before = await uploadRowCounts(t);
    const filesBefore = storedFiles(t).length;
    const tooBig = await create(QUOTA - bytes.length + 1);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toContain('storage quota');
    const fits = await create(QUOTA - bytes.length);
    expect(fits.status).toBe(201); // exactly up to the quota is fine
    // Cancelled, it gives its reservation back; a file that does not fit beside the stored one is refused.
    const fitsUrl = urlOf(fits);
    expect((await deleteUpload(fitsUrl, w.admin.auth)).status).toBe(204);
    const big = fixture('lecture-6s.mp4');
    const body = multipart(
      { courseID: w.courseA, lectureID: w.lectureA, title: 'Too much' },
      { name: 'big.mp4', data: Buffer.concat([big, big]) },
    );
    const refused = await call(t, 'POST', '/api/upload/videoFileToLecture', {
      as: w.admin,
      payload: body.payload,
      headers: body.headers,
    });
    expectStatus(refused, 413);
    expect(await uploadRowCounts(t)).toEqual(before);
    // Nothing was stored (the cancelled upload's record is gone).
    expect(storedFiles(t).length).toBeLessThanOrEqual(filesBefore + 2);
  });

  it('20 upload creations an hour per user across tus and multipart, then 429 until the hour ends', async () => {
    // So far 3 creations were admitted (2 tus, 1 multipart); refused ones do not count.
    for (let i = 3; i < 20; i++) expect((await create(10)).status).toBe(201);
    const over = await create(10);
    expect(over.status).toBe(429);
    const refused = await multipartUpload();
    expectStatus(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60 * 60_000 + 1);
    expect((await create(10)).status).toBe(201);
  });

  it('admits exactly 20 of 40 creations sent at once (issue 20)', async () => {
    t.clock.advance(60 * 60_000 + 1);
    const statuses = await Promise.all(Array.from({ length: 40 }, () => create(10).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});
