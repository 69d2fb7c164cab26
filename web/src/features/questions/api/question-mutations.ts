import {
  type CreateQuestionBody,
  type UpdateQuestionBody,
  UPLOAD_KINDS,
  type VoteOption,
} from '@lectern/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useTusUpload } from '../../../lib/uploads';
import { useWrite } from '../../../lib/use-write';
import { deleteQuestion, postQuestion, putQuestion, putStatusProcessing, putVote } from './questions-api';

// Every write of the questions feature, and what each makes stale: one place. The events stream
// invalidates the same reads for everyone else; this refreshes the writer's own screen even without it.

/** Question lists overlap (one question is in the video, lecture, course and managed lists): all of them. */
export const refreshQuestions = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.questions.all });

/** After an edit or a deletion the page goes back to a list that is not mounted yet: refetch it too. */
const refreshQuestionsMountedOrNot = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.questions.all, refetchType: 'all' });

export const useAskQuestion = () =>
  useWrite((body: CreateQuestionBody) => postQuestion(body), refreshQuestions);

export const useVote = () =>
  useWrite(
    (vote: { questionId: string; userId: string; option: VoteOption }) =>
      putVote(vote.questionId, vote.userId, vote.option),
    refreshQuestions,
  );

export const useEditQuestion = () =>
  useWrite(
    (edit: { id: string; body: UpdateQuestionBody }) => putQuestion(edit.id, edit.body),
    refreshQuestionsMountedOrNot,
  );

export const useDeleteQuestion = () =>
  useWrite((id: string) => deleteQuestion(id), refreshQuestionsMountedOrNot);

/** The meeting ended: the question is processing (SPEC §2 Meeting-end landing). */
export const useMarkProcessing = () =>
  useWrite((questionId: string) => putStatusProcessing(questionId), refreshQuestions);

/** Uploads an answer video (tus, kind=response) with its progress. */
export function useUploadAnswer() {
  const { upload, progress } = useTusUpload();
  const mutation = useWrite(
    ({ file, questionID, title }: { file: File; questionID: string; title: string }) =>
      upload(file, { metadata: { kind: UPLOAD_KINDS.response, questionID, title } }),
    refreshQuestions,
  );
  return { ...mutation, progress };
}
