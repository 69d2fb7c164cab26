import type { ErrorCode } from '@lectern/shared';

/** An error meant for the client: services throw these, the error handler sends them (DESIGN §6). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const gone = (message: string) => new HttpError(410, 'GONE', message);
export const payloadTooLarge = (message: string) => new HttpError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMedia = (message: string) => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const badGateway = (message: string) => new HttpError(502, 'BAD_GATEWAY', message);
export const gatewayTimeout = (message: string) => new HttpError(504, 'GATEWAY_TIMEOUT', message);
/** The disk is full (SECURITY FI-7): generic words, never a path or the system's error text. */
export const insufficientStorage = () =>
  new HttpError(
    507,
    'INSUFFICIENT_STORAGE',
    'The server has no room for this upload right now. Please try again later.',
  );

/** A write that failed because the disk is full. */
export const isDiskFull = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === 'ENOSPC' ||
  (error as { code?: string } | null)?.code === 'EDQUOT';

/** The error, with the Retry-After the error handler sends with it. */
export const withRetryAfter = (error: HttpError, seconds: number): HttpError =>
  Object.assign(error, { retryAfterSeconds: Math.max(1, Math.ceil(seconds)) });

export const serviceUnavailable = (message: string) => new HttpError(503, 'SERVICE_UNAVAILABLE', message);

export const tooMany = (message = 'Too many requests, please try again later') =>
  new HttpError(429, 'TOO_MANY_REQUESTS', message);

/** A 429 that says when to come back; `details` join its body (the error handler adds them). */
export const retryLater = (message: string, seconds: number, details?: object): HttpError =>
  Object.assign(withRetryAfter(tooMany(message), seconds), { details });
