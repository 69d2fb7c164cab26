import type { PossibleAnswerDto, QuestionDto } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
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
