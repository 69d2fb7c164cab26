import type { VideoWithQuestionsDto } from '@lectern/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/upload/{videoId}: the video, its playable source first of all, with the questions the caller
 * may see. Its own small module: the router requests it for the watch page before the page's code is in.
 */
export const videoWithQuestionsQuery = (videoId: string, lectureId: string | null) =>
  queryOptions({
    queryKey: queryKeys.questions.video(videoId, lectureId),
    queryFn: () =>
      api<VideoWithQuestionsDto>(
        `/api/upload/${videoId}${lectureId ? `?lectureId=${encodeURIComponent(lectureId)}` : ''}`,
      ),
    // The router asks for it before the page mounts: without this the mounting page would ask again at
    // once, beside the first video bytes. Changes still arrive through events, polling and invalidation.
    staleTime: 5_000,
  });
