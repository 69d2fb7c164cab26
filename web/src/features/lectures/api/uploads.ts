import {
  type CreateLectureBody,
  type StorageUse,
  UPLOAD_KINDS,
  type VideoContextDto,
  type YoutubeToLectureBody,
} from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TusUploadOptions } from '../../../lib/uploads';

// Lecture-side calls of the upload API (SPEC §7 "Videos and uploads").

export interface CreatedLecture {
  id: string;
  _id?: string;
}

export const createLectureOnly = (body: CreateLectureBody) =>
  api<CreatedLecture>('/api/upload/createLectureOnly', { method: 'POST', body });

export const youtubeToLecture = (body: Omit<YoutubeToLectureBody, 'sourceType'>) =>
  api<unknown>('/api/upload/youtubeToLecture', {
    method: 'POST',
    body: { ...body, sourceType: 'youtubeLink' },
  });

export const renameLectureVideo = (videoId: string, title: string) =>
  api<unknown>(`/api/upload/renameLectureVideo/${encodeURIComponent(videoId)}`, {
    method: 'PUT',
    body: { title },
  });

/** tus metadata of a lecture video (the server's contract in shared/schemas/videos.ts). */
export const lectureVideoMetadata = (courseID: string, lectureID: string, title: string) =>
  ({ kind: UPLOAD_KINDS.lectureVideo, courseID, lectureID, title }) satisfies TusUploadOptions['metadata'];

export const useVideoContexts = (videoId: string) =>
  useQuery({
    queryKey: queryKeys.videos.contexts(videoId),
    queryFn: ({ signal }) =>
      api<VideoContextDto[]>(`/api/upload/contexts/${encodeURIComponent(videoId)}`, { signal }),
  });

/** The instructor's stored uploads against their quota (issue 12, item 8). */
export const useStorageUse = () =>
  useQuery({
    queryKey: queryKeys.videos.storage,
    queryFn: ({ signal }) => api<StorageUse>('/api/upload/storage', { signal }),
  });
