import { SuggestionAcceptParams, SuggestionList, SuggestionParams, SuggestionQuery } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/auth';
import { NO_CONTENT } from '../../plugins/openapi';
import { perInstanceLimit } from '../../plugins/rate-limit';
import { typed } from '../feature';
import { createSuggestionsService } from './suggestions.service';

// Question suggestions while typing (issue 24; the paths are recorded in docs/decisions.md).

/** Suggestion requests a student may send a minute, on each instance. */
export const SUGGESTIONS_PER_MINUTE = 120;

export const suggestionsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const suggestions = createSuggestionsService(deps);
  const r = typed(app);

  r.get(
    '/api/videos/:videoId/suggestions',
    // The box asks at most once per pause in typing (~300 ms): 120 a minute leaves room for fast typists.
    // Asked many times per question typed, it is limited per instance, as the lecture poll is, rather than
    // with a database write per request: that write was a third of its statements (docs/decisions.md).
    {
      schema: { params: SuggestionParams, querystring: SuggestionQuery, response: { 200: SuggestionList } },
      config: { auth: 'user', rateLimit: false },
      onRequest: perInstanceLimit(SUGGESTIONS_PER_MINUTE),
    },
    async (req) => suggestions.suggest(currentUser(req), req.params.videoId, req.query),
  );

  r.post(
    '/api/videos/:videoId/suggestions/:questionId/accepted',
    { schema: { params: SuggestionAcceptParams }, config: { auth: 'user', rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      await suggestions.accept(currentUser(req), req.params.videoId, req.params.questionId);
      return reply.code(204).send();
    },
  );
};
