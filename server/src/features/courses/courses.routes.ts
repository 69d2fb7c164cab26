import {
  CourseIdParams,
  CreateCourseBody,
  JoinCourseBody,
  JoinLectureBody,
  SUCCESS,
  UpdateCourseBody,
  UserCoursesParams,
  UserCoursesAnswer,
  CourseDto,
  JoinCourseAnswer,
  JoinLectureAnswer,
  CourseMessageAnswer,
  CourseMembersAnswer,
  CourseMembersQuery,
  JoinPreviewAnswer,
  JoinPreviewParams,
} from '@lectern/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { LecturesService } from '../lectures/public';
import { currentUser } from '../../plugins/auth';
import { BODY_LIMITS } from '../../plugins/json-body';
import { typed } from '../feature';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { createCoursesService } from './courses.service';
import { createJoinPreviewService } from './join-preview.service';
import { type JoinOutcome, createJoinService } from './join.service';

/** 200 with the answer, or 409 with where the caller already belongs (SPEC §4 navigation). */
const sendJoin = <T>(reply: FastifyReply, outcome: JoinOutcome<T>) =>
  outcome.joined ? reply.send(outcome.answer) : reply.code(409).send(outcome.conflict);

// SPEC §7 "Courses and lectures" (courses half) and both joins: memberships live here.
export function coursesRoutes(app: FastifyInstance, deps: AppDeps, lectures: LecturesService): void {
  const courses = createCoursesService(deps, lectures);
  const joins = createJoinService(deps, lectures);
  const previews = createJoinPreviewService(deps);
  const r = typed(app);
  const user = { auth: 'user' } as const;

  r.get(
    '/api/courses/user-courses/:userId',
    { schema: { params: UserCoursesParams, response: { 200: UserCoursesAnswer } }, config: user },
    async (req) => courses.userCourses(currentUser(req), req.params.userId),
  );

  r.post(
    '/api/courses',
    {
      schema: { body: CreateCourseBody, response: { 201: CourseDto } },
      bodyLimit: BODY_LIMITS.courseText,
      config: user,
    },
    async (req, reply) => reply.code(201).send(await courses.create(currentUser(req), req.body)),
  );

  r.post(
    '/api/courses/join',
    { schema: { body: JoinCourseBody, response: { 200: JoinCourseAnswer } }, config: user },
    async (req, reply) => sendJoin(reply, await joins.joinCourse(currentUser(req), req.body)),
  );

  // Public: a join link opens on the login page. Per address, like login: a class behind one campus
  // NAT opens the link at once; ids are random UUIDs, so the limit is not what stops guessing (AC-11).
  r.get(
    '/api/join/:code',
    {
      schema: { params: JoinPreviewParams, response: { 200: JoinPreviewAnswer } },
      config: {
        auth: 'public',
        rateLimit: { keyGenerator: (req) => `ip:${req.ip}`, max: 1500, timeWindow: 5 * PER_MINUTE },
      },
    },
    async (req) => previews.preview(req.params.code),
  );

  r.post(
    '/api/lectures/join',
    { schema: { body: JoinLectureBody, response: { 200: JoinLectureAnswer } }, config: user },
    async (req, reply) => sendJoin(reply, await joins.joinLecture(currentUser(req), req.body)),
  );

  r.get(
    '/api/courses/:id',
    { schema: { params: CourseIdParams, response: { 200: CourseDto } }, config: user },
    async (req) => courses.get(currentUser(req), req.params.id),
  );

  r.get(
    '/api/courses/:id/members',
    {
      schema: {
        params: CourseIdParams,
        querystring: CourseMembersQuery,
        response: { 200: CourseMembersAnswer },
      },
      config: user,
    },
    async (req) => courses.members(currentUser(req), req.params.id, req.query.q),
  );

  r.put(
    '/api/courses/:id',
    {
      schema: { params: CourseIdParams, body: UpdateCourseBody, response: { 200: CourseDto } },
      bodyLimit: BODY_LIMITS.courseText,
      config: user,
    },
    async (req) => courses.update(currentUser(req), req.params.id, req.body),
  );

  r.delete(
    '/api/courses/:id',
    { schema: { params: CourseIdParams, response: { 200: CourseMessageAnswer } }, config: user },
    async (req) => {
      await courses.remove(currentUser(req), req.params.id);
      return { message: SUCCESS.courseDeleted };
    },
  );
}
