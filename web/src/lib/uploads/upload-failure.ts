import { MEDIA } from '@lectern/shared';
import { ApiError } from '../api-client';

// Apart from tus-upload.ts so that pages can word a failure without loading tus-js-client (issue 11 #14).

/** What went wrong, in words, when the server gave no reason of its own (issue 11 #4: never a bare 415). */
const STATUS_WORDS: Record<number, string> = {
  401: 'Your session has ended. Log in again and retry.',
  403: 'You may not upload here.',
  413: 'The file is larger than Lectern accepts, or your storage is full.',
  415: MEDIA.notAVideo,
  422: MEDIA.damaged,
  429: 'Too many uploads in the last hour. Try again later.',
  507: 'The server has no room for this file right now. Try again later.',
};

interface TusFailure {
  originalResponse?: { getStatus(): number; getBody(): string } | null;
}

/** The server's own reason from a JSON error answer ({ error: "…" }), when it sent one. */
function serverReason(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' && parsed.error.trim() ? parsed.error : null;
  } catch {
    return null;
  }
}

/**
 * Why an upload failed, in words, for "File Upload Failed: …": the server's reason for a refusal (4xx),
 * else words for the status; with no answer at all, that the connection was lost.
 */
export function uploadFailureReason(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    return worded(error.status, error.message.trim() || null);
  }
  const response = (error as TusFailure).originalResponse;
  if (!response) return 'The connection was lost. Check your network and retry.';
  return worded(response.getStatus(), serverReason(response.getBody()));
}

/** The status of the server's answer to a failed upload; undefined when none came (a lost connection). */
function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError && error.status > 0) return error.status;
  return (error as TusFailure).originalResponse?.getStatus();
}

/**
 * The server refused the file itself (too large, not a video, damaged): sending it again cannot help,
 * unlike a lost connection or a server failure, which a retry resumes.
 */
export const fileRefused = (error: unknown): boolean => [413, 415, 422].includes(statusOf(error) ?? 0);

/** A refusal's own reason; words for a server failure, whose message is not meant for people. */
const worded = (status: number, reason: string | null): string =>
  (status < 500 ? reason : null) ??
  STATUS_WORDS[status] ??
  `The server could not take it (error ${status}). Try again later.`;
