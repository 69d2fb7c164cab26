import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

// Seconds. From a cached read (~1 ms) to the request timeout (REQUEST_TIMEOUT_SECONDS, 10 s by default).
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Times every answer by route pattern (never the URL itself: ids would make a series per object) and
 * status class. Streams handed to the raw socket (GET /api/events) are not answers Fastify times.
 */
export function observeRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'lectern_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    duration.observe(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
