import {
  EndorsementBody,
  OpenQuestionList,
  QuestionIdParams,
  StudentAnswerBody,
  StudentAnswerDto,
  StudentAnswerIdParams,
  StudentAnswerList,
  VideoIdParams,
} from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { NO_CONTENT } from '../../../plugins/openapi';
import { typed } from '../../feature';
import type { StudentAnswersService } from './student-answers.service';

// Students' answers to classmates' questions (issue 24; the paths are recorded in docs/decisions.md).
export function studentAnswersRoutes(app: FastifyInstance, service: StudentAnswersService): void {
  const r = typed(app);
  const user = { auth: 'user' } as const;

  r.get(
    '/api/videos/:videoId/open-questions',
    { schema: { params: VideoIdParams, response: { 200: OpenQuestionList } }, config: user },
    async (req) => service.open(currentUser(req), req.params.videoId),
  );

  r.get(
    '/api/questions/:id/student-answers',
    { schema: { params: QuestionIdParams, response: { 200: StudentAnswerList } }, config: user },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  r.post(
    '/api/questions/:id/student-answers',
    {
      schema: { params: QuestionIdParams, body: StudentAnswerBody, response: { 201: StudentAnswerDto } },
      config: user,
    },
    async (req, reply) => reply.code(201).send(await service.post(currentUser(req), req.params.id, req.body)),
  );

  r.put(
    '/api/student-answers/:id',
    {
      schema: { params: StudentAnswerIdParams, body: StudentAnswerBody, response: { 200: StudentAnswerDto } },
      config: user,
    },
    async (req) => service.edit(currentUser(req), req.params.id, req.body),
  );

  r.put(
    '/api/student-answers/:id/endorsement',
    {
      schema: { params: StudentAnswerIdParams, body: EndorsementBody, response: { 200: StudentAnswerDto } },
      config: user,
    },
    async (req) => service.setEndorsement(currentUser(req), req.params.id, req.body),
  );

  r.delete(
    '/api/student-answers/:id',
    { schema: { params: StudentAnswerIdParams }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
