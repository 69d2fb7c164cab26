import type {
  CreateQuestionBody,
  QuestionDto,
  RoomPresence,
  StatusBody,
  UpdateQuestionBody,
  VoteOption,
} from '@lectern/shared';
import { POLL_MS } from '@lectern/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiPage, apiRevalidated } from '../../../lib/api-client';
import { usePollInterval } from '../../../lib/events/EventsProvider';
import { queryKeys } from '../../../lib/query-keys';
import { videoWithQuestionsQuery } from './video-with-questions';

// Reads poll at the spec's intervals (SPEC §4 Polling) only while the events stream is down: while it is
// up, an event refetches them at once.

export interface VideoReadOptions {
  lectureId?: string | null;
  /** False when the caller's events do not cover this read (an anonymous watcher gets only answers). */
  covered?: boolean;
}

/** The video with its questions (`videoWithQuestionsQuery`), every 60 s while events are down (SPEC §4). */
export const useVideoWithQuestions = (
  videoId: string | undefined,
  { lectureId = null, covered = true }: VideoReadOptions = {},
) =>
  useQuery({
    ...videoWithQuestionsQuery(videoId ?? '', lectureId),
    enabled: Boolean(videoId),
    refetchInterval: usePollInterval(POLL_MS.videoPage, covered),
  });

/** GET /api/questions/{id}, for useQuery or a one-off fetchQuery. */
export const questionQuery = (id: string) => ({
  queryKey: queryKeys.questions.one(id),
  queryFn: () => api<QuestionDto>(`/api/questions/${id}`),
});

export const useQuestion = (id: string | undefined) =>
  useQuery({ ...questionQuery(id ?? ''), enabled: Boolean(id) });

/** GET /api/rooms/{id}/presence: whether a live question's asker is in its room (refetched on `room.presence`). */
export const useRoomPresence = (questionId: string) =>
  useQuery({
    queryKey: queryKeys.meetings.presence(questionId),
    queryFn: () => api<RoomPresence>(`/api/rooms/${questionId}/presence`),
    refetchInterval: usePollInterval(POLL_MS.actionItems),
  });

/** Questions a page asks for at a time (the server's default is larger; a screen needs fewer). */
export const QUESTIONS_PER_PAGE = 20;

/** The loaded pages of a bounded list as one list, and the way to the next page (issue 14). */
export interface PagedQuestions {
  items: QuestionDto[];
  isPending: boolean;
  isError: boolean;
  /** What failed, for telling an unreachable server from a refusal (lib/use-error-toast). */
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
}

/** A list the server sends in pages: every loaded page is refetched when polled or invalidated. */
function usePagedQuestions(
  queryKey: readonly unknown[],
  path: string,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
): PagedQuestions {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiPage<QuestionDto>(
        `${path}?limit=${QUESTIONS_PER_PAGE}${pageParam ? `&after=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    ...options,
  });
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/** GET /api/questions/user-courses-questions/{userId}: questions of the courses the user manages, paged. */
export const useManagedQuestions = (userId: string, pollMs: number) =>
  usePagedQuestions(queryKeys.questions.managed(userId), `/api/questions/user-courses-questions/${userId}`, {
    refetchInterval: usePollInterval(pollMs),
  });

/** GET /api/questions/user-questions/{userId}: every question the user asked (Home splits them). */
export const useOwnQuestions = (userId: string, pollMs: number) =>
  useQuery({
    queryKey: queryKeys.questions.own(userId),
    queryFn: () => api<QuestionDto[]>(`/api/questions/user-questions/${userId}`),
    refetchInterval: usePollInterval(pollMs),
  });

/** GET /api/questions/lecture-questions/{lectureId}, every 7 s (SPEC §4 Polling). */
export const useLectureQuestions = (lectureId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.questions.lecture(lectureId ?? ''),
    queryFn: () => apiRevalidated<QuestionDto[]>(`/api/questions/lecture-questions/${lectureId}`),
    enabled: Boolean(lectureId),
    refetchInterval: usePollInterval(POLL_MS.lectureQuestions),
  });

/** GET /api/questions/with-response/{courseId}: the answered questions of a course, paged. */
export const useCourseAnsweredQuestions = (courseId: string | undefined) =>
  usePagedQuestions(queryKeys.questions.course(courseId ?? ''), `/api/questions/with-response/${courseId}`, {
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
