import type { LectureDto, LectureVideoItem } from '@lectern/shared';
import { POLL_MS } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/lectures/{id}: title, course and the live window of the lecture a video is watched in. */
export const useLecture = (lectureId: string | undefined) =>
  useQuery({
    queryKey: ['lecture', lectureId],
    queryFn: () => api<LectureDto>(`/api/lectures/${lectureId}`),
    enabled: Boolean(lectureId),
    refetchInterval: POLL_MS.videoPage,
  });

/** GET /api/lectures/lectureVideos/{lectureId}: the playlist in order. */
export const useLectureVideos = (lectureId: string | undefined) =>
  useQuery({
    queryKey: ['lecture-videos', lectureId],
    queryFn: () => api<LectureVideoItem[]>(`/api/lectures/lectureVideos/${lectureId}`),
    enabled: Boolean(lectureId),
    refetchInterval: POLL_MS.videoPage,
  });
