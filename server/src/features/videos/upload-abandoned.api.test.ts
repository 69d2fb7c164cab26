import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { seedLecture } from '../../../test/seed';
import { lectureVideoMetadata } from './test/tus-requests';
import { lectureBytes as bytes, useTusServer } from './test/tus-server';
import { storedFiles } from './test/video-world';

// Issue 12 (Low): an upload whose completion fails (its lecture was deleted while it was sent) left its
// file in the media store forever, with a media row nothing used.

const s = useTusServer();

describe('a failed upload completion', () => {
  it('removes the stored file when the lecture was deleted mid-upload', async () => {
    const lecture = await seedLecture(s.t.db, s.w.courseA, s.t.clock.now(), { title: 'Soon gone' });
    const filesBefore = storedFiles(s.t);
    const [rowsBefore] = await s.t.db.select({ n: count() }).from(mediaFiles);

    const url = await s.createOk(bytes.length, lectureVideoMetadata(s.w, { lectureID: lecture.id }));
    const first = await s.patch(url, 0, bytes.subarray(0, bytes.length - 1));
    expect(first.status).toBe(204);
    const removed = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/lectures/${lecture.id}`,
      headers: s.w.admin.auth,
    });
    expect(removed.statusCode).toBe(200);

    const last = await s.patch(url, bytes.length - 1, bytes.subarray(bytes.length - 1));
    expect(last.status).toBe(404);
    await s.t.settle();
    expect(storedFiles(s.t).sort()).toEqual(filesBefore.sort());
    const [rowsAfter] = await s.t.db.select({ n: count() }).from(mediaFiles);
    expect(rowsAfter!.n).toBe(rowsBefore!.n);
  });
});
