import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../events/event-bus';

/** The header of every API read: the events stream's position when the server began answering it. */
export const EVENTS_POSITION_HEADER = 'x-events-position';

/**
 * Every API read says where the events stream stood when it began (bus.lastId(): every later event has a
 * greater id), so a tab whose stream opens after its first reads resumes from there (Last-Event-ID)
 * instead of refetching everything it has just read (issue 14).
 */
export function registerReadPosition(app: FastifyInstance, bus: EventBus): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' && req.url.startsWith('/api/'))
      reply.header(EVENTS_POSITION_HEADER, String(bus.lastId()));
  });
}
