import {
  AnswerTextBody,
  FollowUpBody,
  FollowUpDto,
  FollowUpIdParams,
  FollowUpList,
  QuestionIdParams,
  WaitingFollowUpList,
} from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { BODY_LIMITS } from '../../../plugins/json-body';
import { NO_CONTENT } from '../../../plugins/openapi';
import { typed } from '../../feature';
import type { FollowUpsService } from './follow-ups.service';

// Follow-ups under an answered question (issue 24; the paths are recorded in docs/decisions.md).
export function followUpsRoutes(app: FastifyInstance, service: FollowUpsService): void {
  const r = typed(app);
  const user = { auth: 'user' } as const;

  r.get(
    '/api/follow-ups/waiting',
    { schema: { response: { 200: WaitingFollowUpList } }, config: user },
    async (req) => service.waiting(currentUser(req)),
  );

  r.get(
    '/api/questions/:id/follow-ups',
    { schema: { params: QuestionIdParams, response: { 200: FollowUpList } }, config: user },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  r.post(
    '/api/questions/:id/follow-ups',
    {
      schema: { params: QuestionIdParams, body: FollowUpBody, response: { 201: FollowUpDto } },
      config: user,
    },
    async (req, reply) => reply.code(201).send(await service.post(currentUser(req), req.params.id, req.body)),
  );

  r.put(
    '/api/follow-ups/:id/answer',
    {
      schema: { params: FollowUpIdParams, body: AnswerTextBody, response: { 200: FollowUpDto } },
      config: user,
      bodyLimit: BODY_LIMITS.answerText,
    },
    async (req) => service.answer(currentUser(req), req.params.id, req.body),
  );

  r.delete(
    '/api/follow-ups/:id',
    { schema: { params: FollowUpIdParams }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
