import { AnswerTextBody, QuestionDto, QuestionIdParams } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { BODY_LIMITS } from '../../../plugins/json-body';
import { typed } from '../../feature';
import type { AnswerTextService } from './answer-text.service';

export function answerTextRoutes(app: FastifyInstance, service: AnswerTextService): void {
  typed(app).put(
    '/api/questions/:id/answer-text',
    {
      schema: { params: QuestionIdParams, body: AnswerTextBody, response: { 200: QuestionDto } },
      config: { auth: 'user' },
      bodyLimit: BODY_LIMITS.answerText,
    },
    async (req) => service.write(currentUser(req), req.params.id, req.body),
  );
}
