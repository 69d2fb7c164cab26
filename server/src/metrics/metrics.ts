import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { notFound, unauthorized } from '../lib/errors';
import { type BackboneSources, registerBackboneMetrics } from './backbone-metrics';
import { observeRequests } from './http-metrics';

// GET /metrics, Prometheus's text format (docs/deploy.md "Metrics"). Off unless METRICS_TOKEN is set, and
// then only for a caller that sends it as its bearer token: nothing here is meant for the public (nginx
// does not pass /metrics on either; Prometheus scrapes each instance directly). Each app has its own
// registry, never prom-client's global one, and no default process metrics: those read /proc.

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests, so the time taken says nothing about the token. */
const bearerMatches = (header: string | undefined, token: string): boolean =>
  header !== undefined && timingSafeEqual(digest(header), digest(`Bearer ${token}`));

/** Call before the features register their routes, so that every route is timed. */
export function registerMetrics(
  app: FastifyInstance,
  options: BackboneSources & { token: string | undefined },
): void {
  const { token } = options;
  const registry = token ? new Registry() : null;
  if (registry) {
    observeRequests(app, registry);
    registerBackboneMetrics(registry, options);
  }
  // Registered even when off, so the web app's pages never answer this path.
  app.get('/metrics', { config: { auth: 'token' } }, async (req, reply) => {
    if (!registry || !token) throw notFound(`No route GET /metrics`);
    if (!bearerMatches(req.headers.authorization, token)) throw unauthorized();
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
