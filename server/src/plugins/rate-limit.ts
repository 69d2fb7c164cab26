import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooMany } from '../lib/errors';
import type { Counters } from '../lib/shared-state';
import { rateLimitStore } from '../lib/shared-state/rate-limit-store';

/** Logged-in traffic is limited per user, not per IP: a whole class shares one campus IP (DESIGN §5.8). */
export const userOrIpKey = (req: FastifyRequest): string =>
  req.user ? `user:${req.user.id}` : `ip:${req.ip}`;

export const PER_MINUTE = 60_000;

export async function registerRateLimit(app: FastifyInstance, counters: Counters): Promise<void> {
  await app.register(rateLimit, {
    store: rateLimitStore(counters), // counts across instances on PostgreSQL
    global: true,
    // Before the body is read and parsed (issue 12), yet after authentication (an app-wide onRequest hook,
    // which runs before this route-level one), so the key can be the user.
    hook: 'onRequest',
    keyGenerator: userOrIpKey,
    // 10 requests a second per user on average; polling every 7 s is far below (SECURITY RL-2).
    max: (req) => (req.user ? 600 : 3000),
    timeWindow: PER_MINUTE,
    errorResponseBuilder: (_req, context) => {
      const error = tooMany(`Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} s`);
      return Object.assign(error, { statusCode: 429 });
    },
  });
}
