import type { CreateLectureBody, DuplicateLectureBody, LectureDto, UpdateLectureBody } from '@lectern/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newIdempotencyKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useTusUpload } from '../../../lib/uploads';
import { useWrite } from '../../../lib/use-write';
import {
  deleteLecture,
  duplicateLecture,
  removeLectureVideo,
  reorderLectureVideos,
  updateLecture,
} from './lectures';
import { createLectureOnly, lectureVideoMetadata, renameLectureVideo, youtubeToLecture } from './uploads';

// Every write of the lectures feature and what each makes stale: one place.

/** Course pages and the dashboard list lectures with their first video: they follow every lecture change. */
const refreshLectureLists = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.courses.all }),
    client.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);

const refreshLecture = (client: QueryClient, lectureId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.lectures.detail(lectureId) }),
    client.invalidateQueries({ queryKey: queryKeys.lectures.videos(lectureId) }),
    client.invalidateQueries({ queryKey: queryKeys.videos.storage }),
    refreshLectureLists(client),
  ]);

export const useCreateLecture = () =>
  useWrite((body: CreateLectureBody) => createLectureOnly(body), refreshLectureLists);

export const useUpdateLecture = () =>
  useWrite(
    ({ id, body }: { id: string; body: UpdateLectureBody }) => updateLecture(id, body),
    (client, saved: LectureDto) => {
      client.setQueryData(queryKeys.lectures.detail(saved.id), saved);
      return refreshLectureLists(client);
    },
  );

export const useDeleteLecture = () =>
  useWrite(
    (id: string) => deleteLecture(id),
    (client) => {
      // Dropped, not refetched: the deleted lecture's reads would only answer 404.
      client.removeQueries({ queryKey: queryKeys.lectures.all });
      return refreshLectureLists(client);
    },
  );

/** One key per visit of the page: sending again after a lost answer makes no second copy (SECURITY FI-6). */
export function useDuplicateLecture() {
  const [key] = useState(newIdempotencyKey);
  return useWrite((body: DuplicateLectureBody) => duplicateLecture(body, key), refreshLectureLists);
}

export type PlaylistChange =
  | { kind: 'reorder'; videoIds: string[] }
  | { kind: 'remove'; videoId: string }
  | { kind: 'rename'; videoId: string; title: string };

/** Move, remove or rename a video of the playlist; the list is read back even after a failure. */
export function usePlaylistChange(lectureId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PlaylistChange) => {
      if (change.kind === 'reorder') return reorderLectureVideos(lectureId, change.videoIds);
      if (change.kind === 'remove') return removeLectureVideo(lectureId, change.videoId);
      return renameLectureVideo(change.videoId, change.title);
    },
    onSettled: () => refreshLecture(client, lectureId),
  });
}

export interface NewLectureVideo {
  courseId: string;
  lectureId: string;
  title: string;
  /** An mp4 file (resumable upload) or, when null, the YouTube link. */
  file: File | null;
  link: string;
  /** Cancels the file's upload. */
  signal?: AbortSignal;
}

/** Adds a video to a lecture, with the upload's progress. */
export function useAddLectureVideo() {
  const { upload, progress } = useTusUpload();
  const mutation = useWrite(
    async ({ courseId, lectureId, title, file, link, signal }: NewLectureVideo) => {
      if (file) await upload(file, { metadata: lectureVideoMetadata(courseId, lectureId, title), signal });
      else await youtubeToLecture({ courseID: courseId, lectureID: lectureId, title, videoSource: link });
    },
    (client, _, video) => refreshLecture(client, video.lectureId),
  );
  return { ...mutation, progress };
}
