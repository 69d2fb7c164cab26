import type {
  CourseMessageAnswer,
  DuplicateLectureAnswer,
  DuplicateLectureBody,
  LectureDto,
  LecturePlaylistAnswer,
  UpdateLectureBody,
} from '@lectern/shared';
import { api } from '../../../lib/api-client';
import { lecturePath as path } from '../../../lib/lecture-queries';

// Changes to one lecture and its playlist (SPEC §7 "Courses and lectures"); reads are in lib/lecture-queries.

export const updateLecture = (id: string, body: UpdateLectureBody) =>
  api<LectureDto>(path(id), { method: 'PUT', body });

export const deleteLecture = (id: string) => api<CourseMessageAnswer>(path(id), { method: 'DELETE' });

export const removeLectureVideo = (id: string, videoId: string) =>
  api<LecturePlaylistAnswer>(`${path(id)}/removeVideo`, { method: 'POST', body: { videoId } });

export const reorderLectureVideos = (id: string, videoIds: string[]) =>
  api<LecturePlaylistAnswer>(`${path(id)}/reorderVideos`, { method: 'POST', body: { videoIds } });

export const duplicateLecture = (body: DuplicateLectureBody, idempotencyKey: string) =>
  api<DuplicateLectureAnswer>('/api/lectures/duplicate', { method: 'POST', body, idempotencyKey });
