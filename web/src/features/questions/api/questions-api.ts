import type {
  CreateQuestionBody,
  QuestionDto,
  StatusBody,
  UpdateQuestionBody,
  VideoWithQuestionsDto,
  VoteOption,
} from '@lectern/shared';
import { POLL_MS } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollInterval } from '../../../lib/events/EventsProvider';
import { queryKeys } from '../../../lib/query-keys';

// Reads poll at the spec's intervals (SPEC §4 Polling) only while the events stream is down: while it is
// up, an event refetches them at once.

export interface VideoReadOptions {
  lectureId?: string | null;
  /** False when the caller's events do not cover this read (an anonymous watcher gets only answers). */
  covered?: boolean;
}

/** GET /api/upload/{videoId}: the video with the questions the caller may see, every 60 s (SPEC §4). */
export const useVideoWithQuestions = (
  videoId: string | undefined,
  { lectureId = null, covered = true }: VideoReadOptions = {},
) =>
  useQuery({
    queryKey: queryKeys.questions.video(videoId ?? '', lectureId),
    queryFn: () =>
      api<VideoWithQuestionsDto>(
        `/api/upload/${videoId}${lectureId ? `?lectureId=${encodeURIComponent(lectureId)}` : ''}`,
      ),
    enabled: Boolean(videoId),
    refetchInterval: usePollInterval(POLL_MS.videoPage, covered),
  });

/** GET /api/questions/{id}. */
export const useQuestion = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.questions.one(id ?? ''),
    queryFn: () => api<QuestionDto>(`/api/questions/${id}`),
    enabled: Boolean(id),
  });

/** GET /api/questions/user-courses-questions/{userId}: questions of the courses the user manages. */
export const useManagedQuestions = (userId: string, pollMs: number) =>
  useQuery({
    queryKey: queryKeys.questions.managed(userId),
    queryFn: () => api<QuestionDto[]>(`/api/questions/user-courses-questions/${userId}`),
    refetchInterval: usePollInterval(pollMs),
  });

/** GET /api/questions/user-questions/{userId}?answeredSinceDays=7: own questions answered recently. */
export const useOwnAnsweredQuestions = (userId: string, days: number, pollMs: number) =>
  useQuery({
    queryKey: queryKeys.questions.own(userId, days),
    queryFn: () => api<QuestionDto[]>(`/api/questions/user-questions/${userId}?answeredSinceDays=${days}`),
    refetchInterval: usePollInterval(pollMs),
  });

/** GET /api/questions/lecture-questions/{lectureId}, every 7 s (SPEC §4 Polling). */
export const useLectureQuestions = (lectureId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.questions.lecture(lectureId ?? ''),
    queryFn: () => api<QuestionDto[]>(`/api/questions/lecture-questions/${lectureId}`),
    enabled: Boolean(lectureId),
    refetchInterval: usePollInterval(POLL_MS.lectureQuestions),
  });

/** GET /api/questions/with-response/{courseId}: the answered questions of a course. */
export const useCourseAnsweredQuestions = (courseId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.questions.course(courseId ?? ''),
    queryFn: () => api<QuestionDto[]>(`/api/questions/with-response/${courseId}`),
    enabled: Boolean(courseId),
  });

/** GET /api/upload/videoAnswers/{responseId}: where the answer video is. */
export const useResponseVideo = (responseId: string) =>
  useQuery({
    queryKey: queryKeys.responseVideo(responseId),
    queryFn: () => api<{ videoSource: string }>(`/api/upload/videoAnswers/${responseId}`),
    enabled: Boolean(responseId),
    staleTime: Infinity,
  });

export const postQuestion = (body: CreateQuestionBody) =>
  api<QuestionDto>('/api/questions', { method: 'POST', body });

export const putVote = (questionId: string, userId: string, voteOptions: VoteOption) =>
  api<QuestionDto>(`/api/questions/ratings/${questionId}`, { method: 'PUT', body: { userId, voteOptions } });

export const putQuestion = (id: string, body: UpdateQuestionBody) =>
  api<QuestionDto>(`/api/questions/${id}`, { method: 'PUT', body });

export const deleteQuestion = (id: string) => api<unknown>(`/api/questions/${id}`, { method: 'DELETE' });

export const putStatusProcessing = (id: string) =>
  api<unknown>(`/api/questions/status/${id}`, {
    method: 'PUT',
    body: { status: 'processing' } satisfies StatusBody,
  });
