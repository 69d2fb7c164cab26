import { HttpError } from '../../lib/errors';

/** A 429 that says when to come back: the error handler turns retryAfterSeconds into Retry-After. */
export const retryLater = (message: string, seconds: number): HttpError =>
  Object.assign(new HttpError(429, 'TOO_MANY_REQUESTS', message), { retryAfterSeconds: seconds });
