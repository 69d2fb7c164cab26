import { FETCH_ERRORS } from '@lectern/shared';
import { ApiError } from '../../../lib/api-client';

/** The spec's text for a failed course fetch (SPEC §7): "not found" for a 404, else the generic one. */
export const courseFetchError = (error: Error | null): string | null =>
  !error
    ? null
    : error instanceof ApiError && error.status === 404
      ? FETCH_ERRORS.courseNotFound
      : FETCH_ERRORS.courseDetails;
