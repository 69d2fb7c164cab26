import { FlagBody, FlaggedPostList, HiddenBody, PostParams } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { NO_CONTENT } from '../../../plugins/openapi';
import { typed } from '../../feature';
import type { FlagsService } from './flags.service';

// Flags and hiding (issue 24; the paths are recorded in docs/decisions.md).
export function flagsRoutes(app: FastifyInstance, service: FlagsService): void {
  const r = typed(app);
  const user = { auth: 'user' } as const;

  r.get('/api/flags', { schema: { response: { 200: FlaggedPostList } }, config: user }, async (req) =>
    service.flagged(currentUser(req)),
  );

  r.post(
    '/api/posts/:kind/:id/flags',
    { schema: { params: PostParams, body: FlagBody }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      const { kind, id } = req.params;
      await service.flag(currentUser(req), kind, id, req.body);
      return reply.code(204).send();
    },
  );

  r.put(
    '/api/posts/:kind/:id/hidden',
    { schema: { params: PostParams, body: HiddenBody }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      const { kind, id } = req.params;
      await service.setHidden(currentUser(req), kind, id, req.body.hidden);
      return reply.code(204).send();
    },
  );
}
