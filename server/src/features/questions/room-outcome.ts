import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { emitQuestionEvent } from './question-events';
import { mailLiveQuestionQueued } from './questions.mail';
import { type QuestionRecord, lockQuestion, updateQuestion } from './questions.repository';

/**
 * How a question's room ended, and so what becomes of the question (SPEC §4 Question status, issue 10):
 * - recorded: the conversation (or the instructor's recording) becomes the answer: `processing` until
 *   the recording arrives through processing;
 * - unattended: no instructor came before the live window closed: back to the queue, unanswered, and
 *   the asker is told (the event's notice on screen, and a mail if they take answer mails);
 * - unrecorded: the meeting ended without a recording (BigBlueButton's recordingmarks=false): the
 *   question needs an uploaded answer;
 * - failed: the provider refused to open it: the question keeps its status, answerable by upload.
 */
export type RoomOutcome = 'recorded' | 'unattended' | 'unrecorded' | 'failed';

/** The question's status after its room ended with `outcome`, in `tx`; the question as it was, null if gone. */
export async function settleRoomQuestion(
  deps: AppDeps,
  tx: Tx,
  questionId: string,
  outcome: RoomOutcome,
): Promise<QuestionRecord | null> {
  const question = await lockQuestion(tx, questionId);
  if (!question) return null;
  const status = outcome === 'recorded' ? 'processing' : outcome === 'failed' ? question.status : null;
  // Only a question still waiting in its room moves back to the queue; an answer meanwhile stays.
  const changes = outcome === 'recorded' || question.status === 'live';
  if (changes && status !== question.status) {
    await updateQuestion(tx, questionId, { status });
    await emitQuestionEvent(tx, 'question.status', question, {
      public: question.responseId !== null,
      extra: { status },
    });
  }
  if (outcome === 'unattended' && question.status === 'live')
    await mailLiveQuestionQueued(deps, tx, question);
  return question;
}

/**
 * The recording a `processing` question waited for will not come (no video playback, or the download
 * failed for good): the question needs an uploaded answer. Nothing changes if an answer is being
 * processed meanwhile (an upload) or the question moved on.
 */
export async function settleLostRecording(tx: Tx, questionId: string): Promise<void> {
  const question = await lockQuestion(tx, questionId);
  if (question?.status !== 'processing' || question.pendingResponseId !== null) return;
  await updateQuestion(tx, questionId, { status: null });
  await emitQuestionEvent(tx, 'question.status', question, {
    public: question.responseId !== null,
    extra: { status: null },
  });
}
