import type { FastifyInstance } from 'fastify';
import {
  CourseLecturesParams,
  CreateLectureBody,
  DuplicateLectureBody,
  LectureIdParams,
  ReorderLectureVideosBody,
  SUCCESS,
  UpdateLectureBody,
  CourseLecturesAnswer,
  CourseMessageAnswer,
  DuplicateLectureAnswer,
  LectureDto,
  LecturePlaylistAnswer,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { idempotencyKey } from '../../db/idempotent-write';
import { currentUser } from '../../plugins/auth';
import { BODY_LIMITS } from '../../plugins/json-body';
import { typed } from '../feature';
import { createDuplicateService } from './duplicate.service';
import type { LecturesService } from './lectures.service';

// SPEC §7 "Courses and lectures" (lectures half) and POST /api/upload/createLectureOnly.
// POST /api/lectures/join is registered by the courses feature, which owns memberships, and
// GET /api/lectures/lectureVideos/:lectureId by the videos feature, which maps videos.
export const lecturesRoutes = (app: FastifyInstance, deps: AppDeps, lectures: LecturesService) => {
  const duplicates = createDuplicateService(deps);
  const r = typed(app);
  const user = { auth: 'user' } as const;

  r.get(
    '/api/lectures/courseLectures/:courseId',
    { schema: { params: CourseLecturesParams, response: { 200: CourseLecturesAnswer } }, config: user },
    async (req) => lectures.ofCourse(currentUser(req), req.params.courseId),
  );

  r.post(
    '/api/lectures/duplicate',
    {
      schema: { body: DuplicateLectureBody, response: { 201: DuplicateLectureAnswer } },
      bodyLimit: BODY_LIMITS.idLists,
      config: user,
    },
    async (req, reply) =>
      reply.code(201).send(await duplicates.duplicate(currentUser(req), req.body, idempotencyKey(req))),
  );

  r.post(
    '/api/upload/createLectureOnly',
    { schema: { body: CreateLectureBody, response: { 201: LectureDto } }, config: user },
    async (req, reply) => reply.code(201).send(await lectures.create(currentUser(req), req.body)),
  );

  r.get(
    '/api/lectures/:id',
    { schema: { params: LectureIdParams, response: { 200: LectureDto } }, config: { auth: 'public' } },
    async (req) => lectures.get(req.user, req.params.id),
  );

  r.put(
    '/api/lectures/:id',
    {
      schema: { params: LectureIdParams, body: UpdateLectureBody, response: { 200: LectureDto } },
      config: user,
    },
    async (req) => lectures.update(currentUser(req), req.params.id, req.body),
  );

  r.delete(
    '/api/lectures/:id',
    { schema: { params: LectureIdParams, response: { 200: CourseMessageAnswer } }, config: user },
    async (req) => {
      await lectures.remove(currentUser(req), req.params.id);
      return { message: SUCCESS.lectureDeleted };
    },
  );

  r.post(
    '/api/lectures/:id/reorderVideos',
    {
      schema: {
        params: LectureIdParams,
        body: ReorderLectureVideosBody,
        response: { 200: LecturePlaylistAnswer },
      },
      bodyLimit: BODY_LIMITS.idLists,
      config: user,
    },
    async (req) => ({
      message: SUCCESS.orderUpdated,
      lectureVideos: await lectures.reorderVideos(currentUser(req), req.params.id, req.body.videoIds),
    }),
  );
};
