import { LectureIdParams, LtiGradebookAnswer, LtiGradebookBody } from '@lectern/shared';
import type { DbOrTx } from '../../db/client';
import { emitLectureChanged } from '../../events/catalog-events';
import { conflict } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { requireLectureAdmin } from '../access/public';
import { type Feature, typed } from '../feature';
import type { GradebookSync } from './gradebook-sync';
import { gradebookContextsOfCourse, gradebookLecture, setGradebookLecture } from './gradebook.repository';

/** The lecture's gradebook setting, as its edit page shows it. */
async function settingOf(db: DbOrTx, lectureId: string, courseId: string): Promise<LtiGradebookAnswer> {
  const contexts = await gradebookContextsOfCourse(db, courseId);
  const row = await gradebookLecture(db, lectureId);
  return {
    platforms: [...new Set(contexts.map((c) => c.platformName))],
    enabled: row !== null,
    lastError: row?.lastError ?? null,
  };
}

/**
 * "Send watch progress to the gradebook" (AGS 2.0, issue 23), a lecture's setting for its course's
 * administrators: offered when the course is linked to an LMS course whose launches offer its gradebook.
 */
export const gradebookRoutes =
  (grades: GradebookSync): Feature =>
  (app, { db }) => {
    const r = typed(app);
    r.get(
      '/api/lectures/:id/lti-gradebook',
      {
        schema: { params: LectureIdParams, response: { 200: LtiGradebookAnswer } },
        config: { auth: 'user' },
      },
      async (req) => {
        const lecture = await requireLectureAdmin(db, currentUser(req), req.params.id);
        return settingOf(db, lecture.id, lecture.courseId);
      },
    );

    r.put(
      '/api/lectures/:id/lti-gradebook',
      {
        schema: { params: LectureIdParams, body: LtiGradebookBody, response: { 200: LtiGradebookAnswer } },
        config: { auth: 'user' },
      },
      async (req) => {
        const lecture = await requireLectureAdmin(db, currentUser(req), req.params.id);
        const { enabled } = req.body;
        if (enabled && (await gradebookContextsOfCourse(db, lecture.courseId)).length === 0)
          throw conflict("This lecture's course is not linked to an LMS course that offers its gradebook");
        await db.transaction(async (tx) => {
          if (await setGradebookLecture(tx, lecture.id, enabled)) await grades.turnedOn(tx, lecture.id);
          await emitLectureChanged(tx, lecture);
        });
        return settingOf(db, lecture.id, lecture.courseId);
      },
    );
  };
