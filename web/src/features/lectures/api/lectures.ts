import type {
  CourseMessageAnswer,
  DuplicateLectureAnswer,
  DuplicateLectureBody,
  LectureDto,
  LecturePlaylistAnswer,
  LectureVideoItem,
  UpdateLectureBody,
} from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

// Fetchers and queries for one lecture and its playlist (SPEC §7 "Courses and lectures").

export const lectureKeys = {
  lecture: (id: string) => ['lectures', 'detail', id] as const,
  videos: (id: string) => ['lectures', 'videos', id] as const,
};

const path = (id: string) => `/api/lectures/${encodeURIComponent(id)}`;

const retryUnlessMissing = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && [403, 404].includes(error.status));

export const useLecture = (id: string) =>
  useQuery({
    queryKey: lectureKeys.lecture(id),
    queryFn: ({ signal }) => api<LectureDto>(path(id), { signal }),
    retry: retryUnlessMissing,
  });

export const useLectureVideos = (id: string) =>
  useQuery({
    queryKey: lectureKeys.videos(id),
    queryFn: ({ signal }) =>
      api<LectureVideoItem[]>(`/api/lectures/lectureVideos/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnlessMissing,
  });

export const updateLecture = (id: string, body: UpdateLectureBody) =>
  api<LectureDto>(path(id), { method: 'PUT', body });

export const deleteLecture = (id: string) => api<CourseMessageAnswer>(path(id), { method: 'DELETE' });

export const removeLectureVideo = (id: string, videoId: string) =>
  api<LecturePlaylistAnswer>(`${path(id)}/removeVideo`, { method: 'POST', body: { videoId } });

export const reorderLectureVideos = (id: string, videoIds: string[]) =>
  api<LecturePlaylistAnswer>(`${path(id)}/reorderVideos`, { method: 'POST', body: { videoIds } });

export const duplicateLecture = (body: DuplicateLectureBody) =>
  api<DuplicateLectureAnswer>('/api/lectures/duplicate', { method: 'POST', body });
