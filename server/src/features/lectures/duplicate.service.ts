import type { DuplicateLectureAnswer, DuplicateLectureBody } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { idempotentWrite } from '../../db/idempotent-write';
import { emitLectureChanged } from '../../events/catalog-events';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findLecture, requireCourseAdmin } from '../access/public';
import { copyQuestions, copyVideos, questionsByIds } from './duplicate.repository';
import { datesFromWire } from './lectures.mapper';
import { insertLecture, insertPlaylist, videosOfLecture } from './lectures.repository';

/**
 * POST /api/lectures/duplicate (SPEC §4 Duplicate modes). 'concurrent': the new lecture's playlist holds
 * the same video rows, so questions and answers are shared for free; 'duplicate': new video rows on the
 * same media and copies of the chosen questions. The caller must administer both courses (AC-6).
 */
export function createDuplicateService({ db }: AppDeps) {
  return {
    /** `idempotencyKey`: a retry with the same key answers the first copy instead of making another. */
    async duplicate(
      user: AuthUser,
      body: DuplicateLectureBody,
      idempotencyKey?: string,
    ): Promise<DuplicateLectureAnswer> {
      const source = await findLecture(db, body.lectureID);
      if (!source) throw notFound('Lecture not found');
      await requireCourseAdmin(db, user, source.courseId);
      await requireCourseAdmin(db, user, body.courseID);
      if (body.courseID === source.courseId) {
        throw badRequest('Choose another course than the one the lecture is in');
      }

      const claim = { userId: user.id, scope: 'lectures.duplicate', key: idempotencyKey };
      return db.transaction((tx) =>
        idempotentWrite(tx, claim, async () => {
          const sourceVideos = await videosOfLecture(tx, source.id);
          // Concurrent lectures share every question, so the list only matters for a duplicate.
          const wanted = body.mode === 'duplicate' ? [...new Set(body.questions)] : [];
          const chosen = await questionsByIds(tx, wanted);
          const ownVideo = new Set(sourceVideos.map((v) => v.id));
          if (chosen.length !== wanted.length || chosen.some((q) => !ownVideo.has(q.videoId))) {
            throw badRequest('Only questions of this lecture can be copied');
          }
          const created = await insertLecture(tx, {
            courseId: body.courseID,
            title: source.title,
            topic: source.topic,
            ...datesFromWire(body),
          });
          if (body.mode === 'concurrent') {
            await insertPlaylist(
              tx,
              created.id,
              sourceVideos.map((v) => v.id),
            );
          } else {
            const copies = await copyVideos(tx, sourceVideos);
            await insertPlaylist(
              tx,
              created.id,
              sourceVideos.map((v) => copies.get(v.id)!),
            );
            await copyQuestions(tx, chosen, copies, created.id);
          }
          await emitLectureChanged(tx, created);
          return { id: created.id, _id: created.id };
        }),
      );
    },
  };
}
