import {
  MAX_POSSIBLE_ANSWERS_BATCH,
  type PossibleAnswerDto,
  type PossibleAnswersByQuestion,
  type QuestionDto,
} from '@lectern/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';
import { refreshQuestions } from './question-mutations';

/**
 * GET /api/questions/{id}/possible-answers: up to three answered questions like this waiting one, from
 * the courses the instructor administers (issue 24). Fresh for a minute (query-keys.ts says why).
 */
export const usePossibleAnswers = (questionId: string) =>
  useQuery({
    queryKey: queryKeys.possibleAnswers(questionId),
    queryFn: () => api<PossibleAnswerDto[]>(`/api/questions/${questionId}/possible-answers`),
    staleTime: 60_000,
  });

/**
 * GET /api/questions/possible-answers?ids=…: the possible answers of Action Items' waiting questions, one
 * read per 50 of them rather than one per question; by question id, merged. Fresh for a minute, as above.
 */
export function usePossibleAnswersOf(questionIds: readonly string[]): PossibleAnswersByQuestion {
  const chunks: string[][] = [];
  for (let i = 0; i < questionIds.length; i += MAX_POSSIBLE_ANSWERS_BATCH)
    chunks.push(questionIds.slice(i, i + MAX_POSSIBLE_ANSWERS_BATCH));
  return useQueries({
    queries: chunks.map((ids) => ({
      queryKey: queryKeys.possibleAnswersOf(ids),
      queryFn: () => api<PossibleAnswersByQuestion>(`/api/questions/possible-answers?ids=${ids.join(',')}`),
      staleTime: 60_000,
    })),
    combine: (results) => Object.assign({}, ...results.map((r) => r.data ?? {})) as PossibleAnswersByQuestion,
  });
}

/**
 * "Use this answer": POST /api/questions/{id}/linked-answer. Here rather than in question-mutations, which
 * the watch page loads first.
 */
export const useLinkAnswer = () =>
  useWrite(
    ({ questionId, answeredQuestionId }: { questionId: string; answeredQuestionId: string }) =>
      api<QuestionDto>(`/api/questions/${questionId}/linked-answer`, {
        method: 'POST',
        body: { answeredQuestionId },
      }),
    async (client) => {
      await Promise.all([
        refreshQuestions(client),
        client.invalidateQueries({ queryKey: queryKeys.possibleAnswersAll }),
      ]);
    },
  );
