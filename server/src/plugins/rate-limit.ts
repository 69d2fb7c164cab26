import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { tooMany } from '../lib/errors';
import type { Counters } from '../lib/shared-state';
import { MemoryCounters } from '../lib/shared-state/counters';
import { rateLimitStore } from '../lib/shared-state/rate-limit-store';

/** Logged-in traffic is limited per user, not per IP: a whole class shares one campus IP (DESIGN §5.8). */
export const userOrIpKey = (req: FastifyRequest): string =>
  req.user ? `user:${req.user.id}` : `ip:${req.ip}`;

export const PER_MINUTE = 60_000;

/** 10 requests a second per user on average; polling every 7 s is far below (SECURITY RL-2). */
export const USER_REQUESTS_PER_MINUTE = 600;

const tooManyIn = (ms: number) => tooMany(`Too many requests, please try again in ${Math.ceil(ms / 1000)} s`);

/**
 * The same per-user limit counted by this instance alone, for a read answered from memory (the lecture
 * poll, issue 14): in the shared counters each request would cost a database write, more than the read it
 * guards. Behind n instances a user gets up to n times the limit, still far from a flood. Use with
 * `config: { rateLimit: false }`; it runs after authentication, so the key is the user.
 */
export function perInstanceLimit(max = USER_REQUESTS_PER_MINUTE): onRequestAsyncHookHandler {
  const counters = new MemoryCounters();
  return async (req) => {
    const now = Date.now();
    const { count, resetAt } = await counters.hit(userOrIpKey(req), PER_MINUTE, now);
    if (count > max) throw tooManyIn(resetAt - now);
  };
}

export async function registerRateLimit(app: FastifyInstance, counters: Counters): Promise<void> {
  await app.register(rateLimit, {
    store: rateLimitStore(counters), // counts across instances on PostgreSQL
    global: true,
    // Before the body is read and parsed (issue 12), yet after authentication (an app-wide onRequest hook,
    // which runs before this route-level one), so the key can be the user.
    hook: 'onRequest',
    keyGenerator: userOrIpKey,
    max: (req) => (req.user ? USER_REQUESTS_PER_MINUTE : 3000),
    timeWindow: PER_MINUTE,
    errorResponseBuilder: (_req, context) => {
      return Object.assign(tooManyIn(context.ttl), { statusCode: 429 });
    },
  });
}
