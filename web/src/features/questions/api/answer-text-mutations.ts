import type { QuestionDto } from '@lectern/shared';
import { api } from '../../../lib/api-client';
import { useWrite } from '../../../lib/use-write';
import { refreshQuestions } from './question-mutations';

// The answer in words (issue 24), apart from the other writes: only the respond page loads it, so it
// stays out of the watch page's first load.

const putAnswerText = (id: string, text: string) =>
  api<QuestionDto>(`/api/questions/${id}/answer-text`, { method: 'PUT', body: { text } });

/** Answers a question in words, or edits that answer (course admins). */
export const useWriteAnswerText = () =>
  useWrite(
    (write: { questionId: string; text: string }) => putAnswerText(write.questionId, write.text),
    refreshQuestions,
  );
