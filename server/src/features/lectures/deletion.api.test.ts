import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, lectureVideos, lectures, mediaFiles, questions, responses, videos } from '../../db/schema';
import {
  FIXTURES_DIR,
  seedCourse,
  seedLecture,
  seedMedia,
  seedQuestion,
  seedResponse,
  seedVideo,
} from '../../../test/seed';
import { appendToPlaylist } from './lectures.repository';
import { worldFixture } from '../../../test/fixture';
import { courseSnapshot } from '../../../test/course-snapshot';

// Removing videos, deleting lectures and courses, and the cleanup that follows (DESIGN §4).

describe('playlist edits and deletions', () => {
  const { t, w, call } = worldFixture();

  const rowsOf = async (videoIds: string[]) => ({
    videos: await t.db.select().from(videos).where(inArray(videos.id, videoIds)),
    questions: await t.db.select().from(questions).where(inArray(questions.videoId, videoIds)),
  });
  const fileExists = (sha: string) => fs.existsSync(t.media.pathOf(sha));
  const mediaRow = async (sha: string) =>
    (await t.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, sha))).length;
  const playlist = async (lectureId: string) =>
    (
      await t.db
        .select()
        .from(lectureVideos)
        .where(eq(lectureVideos.lectureId, lectureId))
        .orderBy(lectureVideos.position)
    ).map((p) => [p.videoId, p.position]);

  /** Stored media with bytes of its own (a fixture plus a random tail), so no other test shares it. */
  async function uniqueMedia(): Promise<string> {
    const bytes = Buffer.concat([
      fs.readFileSync(path.join(FIXTURES_DIR, 'lecture-6s.mp4')),
      Buffer.from(randomUUID()),
    ]);
    const stored = await t.media.importStream(Readable.from([bytes]));
    await t.db.insert(mediaFiles).values({ ...stored, durationSeconds: 6 });
    return stored.sha256;
  }

  /** A lecture of course A with three local-file videos, each with a media file of its own. */
  async function lectureWithFiles() {
    const lecture = await seedLecture(t.db, w.A.id, t.clock.now());
    const shas = [await uniqueMedia(), await uniqueMedia(), await uniqueMedia()];
    const vids = [];
    for (const [i, sha] of shas.entries()) {
      vids.push(await seedVideo(t.db, lecture.id, { title: `Part ${i + 1}`, mediaSha256: sha }));
    }
    return { lecture, shas, vids };
  }

  describe('POST /api/lectures/:id/reorderVideos', () => {
    const url = (id: string) => `/api/lectures/${id}/reorderVideos`;

    it('401, 400 (not exactly the playlist), 404, 403 for student and admin of B; order unchanged', async () => {
      const before = await playlist(w.LA.id);
      const good = { videoIds: [w.VA2.id, w.VA1.id] };
      expect((await call(null, 'POST', url(w.LA.id), good)).statusCode).toBe(401);
      for (const bad of [
        { videoIds: [w.VA2.id] },
        { videoIds: [w.VA2.id, w.VA1.id, w.VB.id] },
        { videoIds: [w.VA1.id, w.VA1.id] },
        { videoIds: [w.VA2.id, 'x'] },
        {},
      ]) {
        expect((await call(w.users.adminA, 'POST', url(w.LA.id), bad)).statusCode).toBe(400);
      }
      expect((await call(w.users.adminA, 'POST', url(randomUUID()), good)).statusCode).toBe(404);
      expect((await call(w.users.studentA, 'POST', url(w.LA.id), good)).statusCode).toBe(403);
      expect((await call(w.users.adminB, 'POST', url(w.LA.id), good)).statusCode).toBe(403);
      expect(await playlist(w.LA.id)).toEqual(before);
    });

    it('200 rewrites the order', async () => {
      const { lecture, vids } = await lectureWithFiles();
      const order = [vids[2]!.id, vids[0]!.id, vids[1]!.id];
      const res = await call(w.users.coAdminA, 'POST', url(lecture.id), { videoIds: order });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Order updated', lectureVideos: order });
      expect(await playlist(lecture.id)).toEqual(order.map((id, i) => [id, i]));
      const dto = await call(w.users.studentA, 'GET', `/api/lectures/${lecture.id}`);
      expect(dto.json().lectureVideos).toEqual(order);
    });
  });

  describe('POST /api/lectures/:id/removeVideo', () => {
    const url = (id: string) => `/api/lectures/${id}/removeVideo`;

    it('401, 400, 404 (unknown lecture, video of another lecture), 403 for student and admin of B', async () => {
      const before = await courseSnapshot(t, w.A.id);
      expect((await call(null, 'POST', url(w.LA.id), { videoId: w.VA1.id })).statusCode).toBe(401);
      expect((await call(w.users.adminA, 'POST', url(w.LA.id), { videoId: 'x' })).statusCode).toBe(400);
      expect((await call(w.users.adminA, 'POST', url(randomUUID()), { videoId: w.VA1.id })).statusCode).toBe(
        404,
      );
      // A video of course B through a lecture of A the caller administers.
      expect((await call(w.users.adminA, 'POST', url(w.LA.id), { videoId: w.VB.id })).statusCode).toBe(404);
      expect((await call(w.users.studentA, 'POST', url(w.LA.id), { videoId: w.VA1.id })).statusCode).toBe(
        403,
      );
      expect((await call(w.users.adminB, 'POST', url(w.LA.id), { videoId: w.VA1.id })).statusCode).toBe(403);
      expect(await courseSnapshot(t, w.A.id)).toEqual(before);
      expect((await rowsOf([w.VB.id])).videos).toHaveLength(1);
    });

    it('removes the entry, renumbers, deletes the video with its questions, and its unreferenced file', async () => {
      const { lecture, shas, vids } = await lectureWithFiles();
      const asked = await seedQuestion(t.db, vids[0]!.id, w.users.studentA.id);
      const res = await call(w.users.adminA, 'POST', url(lecture.id), { videoId: vids[0]!.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Video removed', lectureVideos: [vids[1]!.id, vids[2]!.id] });
      expect(await playlist(lecture.id)).toEqual([
        [vids[1]!.id, 0],
        [vids[2]!.id, 1],
      ]);
      expect(await rowsOf([vids[0]!.id])).toEqual({ videos: [], questions: [] });
      expect(await t.db.select().from(questions).where(eq(questions.id, asked.id))).toEqual([]);
      expect(await mediaRow(shas[0]!)).toBe(0);
      expect(fileExists(shas[0]!)).toBe(false);
      expect(fileExists(shas[1]!)).toBe(true);
    });

    it('keeps a video still in another lecture, and a file another video or an answer uses', async () => {
      const { lecture, shas, vids } = await lectureWithFiles();
      const other = await seedLecture(t.db, w.A.id, t.clock.now());
      await appendToPlaylist(t.db, other.id, vids[0]!.id);
      // Same bytes as vids[1] in another video row; vids[2]'s file is also an answer.
      await seedVideo(t.db, other.id, { mediaSha256: shas[1]! });
      const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id);
      await seedResponse(t.db, q.id, shas[2]!, w.users.adminA.id);
      for (const video of vids) {
        expect((await call(w.users.adminA, 'POST', url(lecture.id), { videoId: video.id })).statusCode).toBe(
          200,
        );
      }
      expect((await rowsOf([vids[0]!.id])).videos).toHaveLength(1);
      expect((await rowsOf([vids[1]!.id, vids[2]!.id])).videos).toEqual([]);
      for (const sha of shas) {
        expect(await mediaRow(sha)).toBe(1);
        expect(fileExists(sha)).toBe(true);
      }
    });
  });

  it('two lectures dropping a shared video at the same time leave no orphan behind', async () => {
    const { lecture, shas, vids } = await lectureWithFiles();
    const other = await seedLecture(t.db, w.A.id, t.clock.now());
    await appendToPlaylist(t.db, other.id, vids[0]!.id);
    const results = await Promise.all(
      [lecture.id, other.id].map((id) =>
        call(w.users.adminA, 'POST', `/api/lectures/${id}/removeVideo`, { videoId: vids[0]!.id }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await rowsOf([vids[0]!.id])).videos).toEqual([]);
    expect(fileExists(shas[0]!)).toBe(false);
  });

  it('two lectures deleted at once, each with a video of the same file, remove the file', async () => {
    const sha = await uniqueMedia();
    const pair = [
      await seedLecture(t.db, w.A.id, t.clock.now()),
      await seedLecture(t.db, w.A.id, t.clock.now()),
    ];
    for (const lecture of pair) await seedVideo(t.db, lecture.id, { mediaSha256: sha });
    const results = await Promise.all(
      pair.map((l) => call(w.users.adminA, 'DELETE', `/api/lectures/${l.id}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await mediaRow(sha)).toBe(0);
    expect(fileExists(sha)).toBe(false);
  });

  describe('DELETE /api/lectures/:id', () => {
    const url = (id: string) => `/api/lectures/${id}`;

    it('401, 400, 404, 403 for student and admin of B; nothing changed', async () => {
      const before = await courseSnapshot(t, w.A.id);
      expect((await call(null, 'DELETE', url(w.LA.id))).statusCode).toBe(401);
      expect((await call(w.users.adminA, 'DELETE', url('1'))).statusCode).toBe(400);
      expect((await call(w.users.adminA, 'DELETE', url(randomUUID()))).statusCode).toBe(404);
      expect((await call(w.users.studentA, 'DELETE', url(w.LA.id))).statusCode).toBe(403);
      expect((await call(w.users.adminB, 'DELETE', url(w.LA.id))).statusCode).toBe(403);
      expect(await courseSnapshot(t, w.A.id)).toEqual(before);
    });

    it('deletes the lecture, its videos, their questions and answers, and files nothing else uses', async () => {
      const { lecture, shas, vids } = await lectureWithFiles();
      const q = await seedQuestion(t.db, vids[0]!.id, w.users.studentA.id);
      const answerSha = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
      const answer = await seedResponse(t.db, q.id, answerSha, w.users.adminA.id);
      const res = await call(w.users.coAdminA, 'DELETE', url(lecture.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Lecture deleted successfully' });
      expect(await t.db.select().from(lectures).where(eq(lectures.id, lecture.id))).toEqual([]);
      expect(await rowsOf(vids.map((v) => v.id))).toEqual({ videos: [], questions: [] });
      expect(await t.db.select().from(responses).where(eq(responses.id, answer.id))).toEqual([]);
      for (const sha of [...shas, answerSha]) {
        expect(await mediaRow(sha)).toBe(0);
        expect(fileExists(sha)).toBe(false);
      }
    });
  });

  describe('DELETE /api/courses/:id', () => {
    const url = (id: string) => `/api/courses/${id}`;

    it('401, 400, 404, 403 for a student, the admin of B and an outsider; nothing changed', async () => {
      const before = await courseSnapshot(t, w.A.id);
      expect((await call(null, 'DELETE', url(w.A.id))).statusCode).toBe(401);
      expect((await call(w.users.adminA, 'DELETE', url('x'))).statusCode).toBe(400);
      expect((await call(w.users.adminA, 'DELETE', url(randomUUID()))).statusCode).toBe(404);
      for (const user of [w.users.studentA, w.users.adminB, w.users.outsider]) {
        expect((await call(user, 'DELETE', url(w.A.id))).statusCode).toBe(403);
      }
      expect(await courseSnapshot(t, w.A.id)).toEqual(before);
    });

    it('takes its lectures with it; a video shared with another course survives', async () => {
      const course = await seedCourse(t.db, w.users.adminB.id);
      const one = await seedLecture(t.db, course.id, t.clock.now());
      const two = await seedLecture(t.db, course.id, t.clock.now());
      const sha = await seedMedia(t.db, t.media, 'lecture-90s.mp4', 90);
      const own = await seedVideo(t.db, one.id, { mediaSha256: sha });
      await appendToPlaylist(t.db, two.id, own.id);
      const shared = await seedVideo(t.db, two.id);
      await appendToPlaylist(t.db, w.LB.id, shared.id); // concurrent copy in course B
      const res = await call(w.users.adminB, 'DELETE', url(course.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Course deleted successfully' });
      expect(await t.db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
      expect(
        await t.db
          .select()
          .from(lectures)
          .where(inArray(lectures.id, [one.id, two.id])),
      ).toEqual([]);
      expect((await rowsOf([own.id])).videos).toEqual([]);
      expect((await rowsOf([shared.id])).videos).toHaveLength(1);
      expect(fileExists(sha)).toBe(false);
      expect(
        (await call(w.users.studentB, 'GET', `/api/lectures/${w.LB.id}`)).json().lectureVideos,
      ).toContain(shared.id);
    });
  });
});
