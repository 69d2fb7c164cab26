import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Counters } from './counters';

// @fastify/rate-limit's store on our counters, so a limit counts every instance's requests (with
// PostgreSQL) instead of each instance's own. Like the plugin's stores, a route with its own limit gets
// its own key space, and time is the wall clock.

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

class CountersStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: Counters,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    this.counters.hit(`${this.prefix}${key}`, timeWindow, now).then(
      ({ count, resetAt }) => callback(null, { current: count, ttl: resetAt - now }),
      (error: Error) => callback(error),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes the route's merged limit options with the route under `routeInfo` (its own
    // RedisStore reads it there); the declared type says otherwise.
    const { method, url } = (routeOptions as unknown as { routeInfo?: RouteInfo }).routeInfo ?? {};
    return new CountersStore(this.counters, `rl:${String(method ?? '')} ${url ?? ''}:`);
  }
}

/** The store class the plugin instantiates; routes on the global limit share its key space. */
export const rateLimitStore = (counters: Counters): FastifyRateLimitStoreCtor =>
  class extends CountersStore {
    constructor() {
      super(counters, 'rl:global:');
    }
  };
