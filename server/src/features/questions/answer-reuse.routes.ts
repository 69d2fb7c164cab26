import {
  LinkAnswerBody,
  PossibleAnswerList,
  PossibleAnswersByQuestion,
  PossibleAnswersQuery,
  QuestionDto,
  QuestionIdParams,
} from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { typed } from '../feature';
import type { AnswerReuseService } from './answer-reuse.service';

// The instructor reuses answers (issue 24; the paths are recorded in docs/decisions.md).
export const answerReuseRoutes = (app: FastifyInstance, reuse: AnswerReuseService) => {
  const r = typed(app);

  // Action Items asks once for its page of waiting questions rather than once per question.
  r.get(
    '/api/questions/possible-answers',
    {
      schema: { querystring: PossibleAnswersQuery, response: { 200: PossibleAnswersByQuestion } },
      config: { auth: 'user' },
    },
    async (req) => reuse.possibleAnswersOf(currentUser(req), req.query.ids),
  );

  r.get(
    '/api/questions/:id/possible-answers',
    { schema: { params: QuestionIdParams, response: { 200: PossibleAnswerList } }, config: { auth: 'user' } },
    async (req) => reuse.possibleAnswers(currentUser(req), req.params.id),
  );

  r.post(
    '/api/questions/:id/linked-answer',
    {
      schema: { params: QuestionIdParams, body: LinkAnswerBody, response: { 200: QuestionDto } },
      config: { auth: 'user' },
    },
    async (req) => reuse.link(currentUser(req), req.params.id, req.body),
  );
};
