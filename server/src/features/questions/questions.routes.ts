import {
  CreateQuestionBody,
  QuestionDto,
  QuestionCourseParams,
  QuestionIdParams,
  QuestionLectureParams,
  QUESTION_PAGE,
  QuestionPageQuery,
  QuestionUserParams,
  RatingsParams,
  StatusBody,
  UpdateQuestionBody,
  UserQuestionsQuery,
  VALIDATION,
  VideoResponseAnswer,
  VideoResponseFields,
  VideoWithQuestionsDto,
  VideoWithQuestionsParams,
  VideoWithQuestionsQuery,
  VoteBody,
} from '@lectern/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import { sendRepresentation } from '../../lib/send-representation';
import { currentUser } from '../../plugins/auth';
import { NO_CONTENT } from '../../plugins/openapi';
import { PER_MINUTE, perInstanceLimit } from '../../plugins/rate-limit';
import { typed } from '../feature';
import { receiveSingleFile, registerMultipart } from '../videos/public';
import { type LecturePollCache, createLecturePoll } from './lecture-poll.service';
import type { QuestionListsService, QuestionPage } from './question-lists.service';
import type { PageRequest } from './question-pages.query';
import type { QuestionsService } from './questions.service';
import type { ResponsesService } from './responses.service';

/** The services the questions plugin makes before its routes (other features use some of them). */
export interface QuestionsServices {
  cache: LecturePollCache;
  questions: QuestionsService;
  responses: ResponsesService;
  lists: QuestionListsService;
}

/** Text fields of a multipart answer upload; unknown fields are 400 (SECURITY AC-10). */
function parseResponseFields(fields: Record<string, string>): VideoResponseFields {
  const parsed = VideoResponseFields.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid fields');
  return parsed.data;
}

const pageRequest = (query: QuestionPageQuery): PageRequest => ({
  limit: query.limit ?? QUESTION_PAGE.defaultLimit,
  after: query.after,
});

/**
 * A page keeps the spec's shape, a plain array; a next page is announced in a header, so callers that
 * know nothing of pages still get a bounded answer (issue 14, docs/decisions.md).
 */
function sendPage(reply: FastifyReply, page: QuestionPage): QuestionDto[] {
  if (page.next) reply.header(QUESTION_PAGE.nextCursorHeader, page.next);
  return page.items;
}

/** Every answer has a response schema: no stray field (a `whoAsked`, a vote) leaves (SECURITY AC-10). */
const QuestionList = z.array(QuestionDto);

// SPEC §7 "Questions and meetings", GET /api/upload/{videoId} and POST /api/upload/videoResponse.
export const questionsRoutes = async (
  app: FastifyInstance,
  deps: AppDeps,
  { cache, questions, responses, lists }: QuestionsServices,
) => {
  const pollLecture = createLecturePoll(deps, cache);
  const r = typed(app);
  const user = { auth: 'user' } as const;

  await registerMultipart(app, deps);

  r.get(
    '/api/upload/:videoId',
    {
      schema: {
        params: VideoWithQuestionsParams,
        querystring: VideoWithQuestionsQuery,
        response: { 200: VideoWithQuestionsDto },
      },
      config: { auth: 'public' },
    },
    async (req) => lists.videoWithQuestions(req.user, req.params.videoId, req.query.lectureId),
  );

  r.post(
    '/api/upload/videoResponse',
    // Upload creations: 20 an hour per user on every upload path (upload-allowance, SECURITY RL-4).
    { schema: { response: { 201: VideoResponseAnswer } }, config: { auth: 'user', upload: true } },
    async (req, reply) => {
      const caller = currentUser(req);
      const { fields, tempPath } = await receiveSingleFile(req, deps, {
        fileField: 'file',
        missingFile: VALIDATION.selectFile,
        uploaderId: caller.id,
        beforeFile: async (early) => {
          await responses.authorize(caller, parseResponseFields(early));
        },
      });
      return reply
        .code(201)
        .send(await responses.answerWithFile(caller, parseResponseFields(fields), tempPath));
    },
  );

  r.post(
    '/api/questions',
    // Questions: 10 a minute per user (SECURITY RL-4).
    {
      schema: { body: CreateQuestionBody, response: { 201: QuestionDto } },
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: PER_MINUTE } },
    },
    async (req, reply) => reply.code(201).send(await questions.create(currentUser(req), req.body)),
  );

  r.get(
    '/api/questions/user-courses-questions/:userId',
    {
      schema: {
        params: QuestionUserParams,
        querystring: QuestionPageQuery,
        response: { 200: QuestionList },
      },
      config: user,
    },
    async (req, reply) =>
      sendPage(
        reply,
        await lists.needingResponse(currentUser(req), req.params.userId, pageRequest(req.query)),
      ),
  );

  r.get(
    '/api/questions/user-questions/:userId',
    {
      schema: {
        params: QuestionUserParams,
        querystring: UserQuestionsQuery,
        response: { 200: QuestionList },
      },
      config: user,
    },
    async (req) => lists.ownQuestions(currentUser(req), req.params.userId, req.query.answeredSinceDays),
  );

  r.get(
    '/api/questions/with-response/:courseId',
    {
      schema: {
        params: QuestionCourseParams,
        querystring: QuestionPageQuery,
        response: { 200: QuestionList },
      },
      config: user,
    },
    async (req, reply) =>
      sendPage(
        reply,
        await lists.withResponse(currentUser(req), req.params.courseId, pageRequest(req.query)),
      ),
  );

  r.get(
    '/api/questions/lecture-questions/:lectureId',
    // The answer is JSON text made from rows checked against QuestionDto (lecture-snapshot.ts), kept with
    // its codings (so not compressed again by the plugin); answered from memory, it is limited per
    // instance rather than with a database write per request.
    {
      schema: { params: QuestionLectureParams, response: { 200: QuestionList } },
      config: { ...user, rateLimit: false },
      onRequest: perInstanceLimit(),
      compress: false,
    },
    async (req, reply) => {
      const poll = await pollLecture(currentUser(req), req.params.lectureId);
      return sendRepresentation(req, reply, poll.etag, poll.representation);
    },
  );

  r.put(
    '/api/questions/ratings/:questionId',
    { schema: { params: RatingsParams, body: VoteBody, response: { 200: QuestionDto } }, config: user },
    async (req) => questions.vote(currentUser(req), req.params.questionId, req.body),
  );

  r.put(
    '/api/questions/status/:id',
    {
      schema: { params: QuestionIdParams, body: StatusBody, response: { 200: QuestionDto } },
      config: user,
    },
    async (req) => questions.setStatus(currentUser(req), req.params.id, req.body),
  );

  r.get(
    '/api/questions/:id',
    { schema: { params: QuestionIdParams, response: { 200: QuestionDto } }, config: user },
    async (req) => questions.get(currentUser(req), req.params.id),
  );

  r.put(
    '/api/questions/:id',
    {
      schema: { params: QuestionIdParams, body: UpdateQuestionBody, response: { 200: QuestionDto } },
      config: user,
    },
    async (req) => questions.update(currentUser(req), req.params.id, req.body),
  );

  r.delete(
    '/api/questions/:id',
    { schema: { params: QuestionIdParams }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      await questions.remove(currentUser(req), req.params.id);
      return reply.code(204).send();
    },
  );
};
