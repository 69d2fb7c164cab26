import type { FastifyRequest } from 'fastify';

/** Whether the request carries a cookie of this name (the browser-binding cookies of LTI and campus sign-on). */
export const hasCookie = (req: FastifyRequest, name: string): boolean =>
  (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().split('=')[0] === name);
