import type { LectureDto, LectureVideoItem } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { queryKeys } from './query-keys';

// One lecture and its playlist, read by both the lectures feature (edit pages) and the player pages;
// one cache key per lecture means an edit is seen by every page that shows it.

export const lecturePath = (id: string) => `/api/lectures/${encodeURIComponent(id)}`;

/** Polling interval (ms) for pages that watch a lecture change (e.g. the live window), false for none. */
export interface LectureQueryOptions {
  refetchInterval?: number | false;
}

// A missing or forbidden lecture will not appear on a retry.
const retryUnlessMissing = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && [403, 404].includes(error.status));

/** GET /api/lectures/{id}: title, course and live window; waits while the id is not known yet. */
export const useLecture = (id: string | undefined, options: LectureQueryOptions = {}) =>
  useQuery({
    queryKey: queryKeys.lectures.detail(id ?? ''),
    queryFn: ({ signal }) => api<LectureDto>(lecturePath(id ?? ''), { signal }),
    enabled: Boolean(id),
    retry: retryUnlessMissing,
    refetchInterval: options.refetchInterval,
  });

/** GET /api/lectures/lectureVideos/{id}: the playlist in order; waits while the id is not known yet. */
export const useLectureVideos = (id: string | undefined, options: LectureQueryOptions = {}) =>
  useQuery({
    queryKey: queryKeys.lectures.videos(id ?? ''),
    queryFn: ({ signal }) =>
      api<LectureVideoItem[]>(`/api/lectures/lectureVideos/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    retry: retryUnlessMissing,
    refetchInterval: options.refetchInterval,
  });
