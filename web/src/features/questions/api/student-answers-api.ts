import type { OpenQuestionList, StudentAnswerDto, StudentAnswerList } from '@lectern/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

// Students' answers to classmates' questions (issue 24). `studentanswer.changed` events refresh a
// question's list on every open screen; an endorsement's effect on the question comes as its own event.

/** GET /api/videos/{id}/open-questions: classmates' waiting questions the caller may answer. */
export const useOpenQuestions = (videoId: string) =>
  useQuery({
    queryKey: queryKeys.questions.openQuestions(videoId),
    queryFn: () => api<OpenQuestionList>(`/api/videos/${videoId}/open-questions`),
  });

/** GET /api/questions/{id}/student-answers; not retried: a reader outside the course is refused. */
export const useStudentAnswers = (questionId: string) =>
  useQuery({
    queryKey: queryKeys.questions.studentAnswers(questionId),
    queryFn: () => api<StudentAnswerList>(`/api/questions/${questionId}/student-answers`),
    retry: false,
  });

const refresh = (client: QueryClient, _data: unknown, write: { questionId: string }) =>
  client.invalidateQueries({ queryKey: queryKeys.questions.studentAnswers(write.questionId) });

/** An endorsement can answer the question, or return it to waiting: every question read too. */
const refreshQuestions = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.questions.all });

export const usePostStudentAnswer = () =>
  useWrite(
    (write: { questionId: string; text: string }) =>
      api<StudentAnswerDto>(`/api/questions/${write.questionId}/student-answers`, {
        method: 'POST',
        body: { text: write.text },
      }),
    refresh,
  );

export const useEditStudentAnswer = () =>
  useWrite(
    (write: { questionId: string; answerId: string; text: string }) =>
      api<StudentAnswerDto>(`/api/student-answers/${write.answerId}`, {
        method: 'PUT',
        body: { text: write.text },
      }),
    refresh,
  );

export const useDeleteStudentAnswer = () =>
  useWrite(
    (write: { questionId: string; answerId: string }) =>
      api<void>(`/api/student-answers/${write.answerId}`, { method: 'DELETE' }),
    refreshQuestions,
  );

export const useEndorseStudentAnswer = () =>
  useWrite(
    (write: { questionId: string; answerId: string; endorsed: boolean }) =>
      api<StudentAnswerDto>(`/api/student-answers/${write.answerId}/endorsement`, {
        method: 'PUT',
        body: { endorsed: write.endorsed },
      }),
    refreshQuestions,
  );
