import { EventsQuery } from '@lectern/shared';
import type { RawAnswer } from '../../plugins/openapi';
import { type Feature, typed } from '../feature';
import { openReader, parseLastEventId } from './events.service';

// The browser reconnects after this long when the connection drops (SSE `retry:` field).
const RECONNECT_MS = 3_000;

const EVENT_STREAM: RawAnswer = {
  status: 200,
  type: 'text/event-stream',
  description: 'Server-Sent Events (shared/src/schemas/events.ts) until the client leaves',
};

/** GET /api/events: the Server-Sent Events stream of one browser tab (DESIGN §11). */
export const eventsRoutes: Feature = (app, deps) => {
  typed(app).get(
    '/api/events',
    { config: { auth: 'public', rawAnswer: EVENT_STREAM }, schema: { querystring: EventsQuery } },
    async (req, reply) => {
      // Everything that can fail answers in the normal error body before the stream starts.
      const reader = await openReader(deps, req.user, req.sessionId, req.query.videoId);
      const start = app.eventStreams.reserve({ ...reader, address: req.ip });
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx would otherwise hold events back in its buffer (docs/deploy.md).
        'x-accel-buffering': 'no',
      });
      reply.raw.write(`retry: ${RECONNECT_MS}\n\n`);
      await start(reply.raw, parseLastEventId(req.headers['last-event-id']));
    },
  );
};
