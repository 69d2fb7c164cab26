import { ApiError } from '../../../lib/api-client';

/** The server's `error` field when it answered with one (SPEC §8), else the screen's fallback text. */
export const serverErrorText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;
