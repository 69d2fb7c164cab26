import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

// PostgreSQL text cannot hold a NUL character: one in a path id, a query or a body string used to
// become a 500 from the database (issue 12). No field of Lectern's has a use for it, so every request
// is checked once, before validation, and refused with a 400 that says why.

export const NUL_REFUSED = 'Text may not contain NUL characters';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value))
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  return false;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) {
      throw badRequest(NUL_REFUSED);
    }
  });
}
