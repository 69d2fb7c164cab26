import { MAX_SUGGESTION_QUERY, SUGGEST_AFTER_CHARS, type SuggestionDto } from '@lectern/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDebounced } from '../../../lib/use-debounced';

/** The pause in typing after which the box asks for suggestions. */
const TYPING_PAUSE_MS = 300;

/**
 * GET /api/videos/{videoId}/suggestions: earlier answered questions like `text`, once it has
 * SUGGEST_AFTER_CHARS characters and typing pauses; asked at the player's moment of that pause.
 */
export function useSuggestions(
  videoId: string,
  lectureId: string | undefined,
  text: string,
  currentTime: () => number,
) {
  const settled = useDebounced(text.trim().slice(0, MAX_SUGGESTION_QUERY), TYPING_PAUSE_MS);
  const enabled = settled.length >= SUGGEST_AFTER_CHARS;
  return useQuery({
    queryKey: queryKeys.suggestions(videoId, lectureId ?? null, settled),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ q: settled, t: String(Math.floor(currentTime())) });
      if (lectureId) query.set('lectureId', lectureId);
      return api<SuggestionDto[]>(`/api/videos/${videoId}/suggestions?${query}`, { signal });
    },
    enabled,
    // The list stays while the next one loads: suggestions do not flicker away at each pause.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: (list) => (enabled ? list : []),
  });
}

/** POST …/suggestions/{questionId}/accepted: "This answers my question", counted by the server. */
export const useAcceptSuggestion = (videoId: string) =>
  useMutation({
    mutationFn: (questionId: string) =>
      api<unknown>(`/api/videos/${videoId}/suggestions/${questionId}/accepted`, { method: 'POST' }),
  });
