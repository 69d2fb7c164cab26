import { formatVideoTime, stripInvisible } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { adminsToNotifyOfQuestion, findUserContact } from './questions.repository';

// E-mail notifications of the questions feature; each respects the recipient's preference (SPEC §3).
// Queued in the transaction of the change, so a mail exists if and only if its change committed.

/** One line, so a question cannot add header lines or run on in a subject, nor flip it with bidi marks. */
const oneLine = (text: string, max: number): string => {
  const flat = stripInvisible(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export async function mailNewQuestion(
  deps: AppDeps,
  tx: Tx,
  q: { id: string; question: string; timeAsked: number; askerId: string; askerName: string },
  lecture: { courseId: string; courseName: string; title: string },
): Promise<void> {
  const admins = await adminsToNotifyOfQuestion(tx, lecture.courseId, q.askerId);
  for (const admin of admins) {
    await deps.mail.send(tx, {
      to: admin.email,
      subject: `New question in ${oneLine(lecture.courseName, 80)}: ${oneLine(q.question, 60)}`,
      text:
        `${q.askerName} asked in "${lecture.title}" at ${formatVideoTime(q.timeAsked)}:\n\n${q.question}\n\n` +
        `Respond: ${deps.config.publicUrl}/respond/${q.id}\n`,
    });
  }
}

/** A mail to the question's asker about its answer, when it has an asker who wants such mail (SPEC §3). */
async function mailAsker(
  deps: AppDeps,
  tx: Tx,
  askerId: string | null,
  message: { subject: string; text: string },
): Promise<void> {
  if (askerId === null) return;
  const asker = await findUserContact(tx, askerId);
  if (!asker?.wantsAnswerMail) return;
  await deps.mail.send(tx, { to: asker.email, ...message });
}

/** Mail about the uploader's own upload: sent whatever their notification preferences. */
async function mailUploader(
  deps: AppDeps,
  tx: Tx,
  uploaderId: string,
  message: { subject: string; text: string },
): Promise<void> {
  const uploader = await findUserContact(tx, uploaderId);
  if (!uploader) return;
  await deps.mail.send(tx, { to: uploader.email, ...message });
}

export async function mailQuestionAnswered(
  deps: AppDeps,
  tx: Tx,
  q: { question: string; askerId: string | null; videoId: string },
  responseId: string,
): Promise<void> {
  await mailAsker(deps, tx, q.askerId, {
    subject: 'Your question was answered',
    text:
      `Your question "${oneLine(q.question, 200)}" has a video response.\n\n` +
      `Watch it: ${deps.config.publicUrl}/video/${q.videoId}/${responseId}\n`,
  });
}

/** A live question no instructor could join in the live window goes back to the queue (issue 10). */
export async function mailLiveQuestionQueued(
  deps: AppDeps,
  tx: Tx,
  q: { id: string; question: string; askerId: string | null; videoId: string },
): Promise<void> {
  await mailAsker(deps, tx, q.askerId, {
    subject: 'Your question will be answered later',
    text:
      `No instructor could join the live discussion of your question "${oneLine(q.question, 200)}" ` +
      `before the live window closed. It is now in the queue and will get a video response.\n\n` +
      `Your question: ${deps.config.publicUrl}/video/${q.videoId}\n`,
  });
}

/**
 * An answer video that could not be processed (issue 9): its uploader learns why, and that the question
 * waits for a response again. About their own action, so sent whatever their notification preferences.
 */
export async function mailAnswerFailed(
  deps: AppDeps,
  tx: Tx,
  q: { id: string; question: string },
  uploaderId: string,
  reason: string,
): Promise<void> {
  await mailUploader(deps, tx, uploaderId, {
    subject: ANSWER_FAILED_SUBJECT,
    text:
      `Your video response to "${oneLine(q.question, 200)}" could not be processed: ${oneLine(reason, 300)}\n\n` +
      `The question needs a response again. Respond: ${deps.config.publicUrl}/respond/${q.id}\n`,
  });
}

export const ANSWER_FAILED_SUBJECT = 'Your video response could not be processed';

/**
 * The answer a question borrowed from another (answer-links.ts) was deleted with its source: the asker
 * learns that the question waits for a response again, as they learnt of the answer (same preference).
 */
export async function mailAnswerWithdrawn(
  deps: AppDeps,
  tx: Tx,
  q: { question: string; askerId: string | null; videoId: string },
): Promise<void> {
  await mailAsker(deps, tx, q.askerId, {
    subject: ANSWER_WITHDRAWN_SUBJECT,
    text:
      `The response to your question "${oneLine(q.question, 200)}" was removed by the instructor. ` +
      `Your question is waiting for a response again.\n\n` +
      `Your question: ${deps.config.publicUrl}/video/${q.videoId}\n`,
  });
}

export const ANSWER_WITHDRAWN_SUBJECT = 'The response to your question was removed';

/** A follow-up under an answered question reaches the course's admins as a new question does (issue 24). */
export async function mailNewFollowUp(
  deps: AppDeps,
  tx: Tx,
  f: { questionId: string; text: string; authorId: string; authorName: string },
  q: { question: string },
  courseId: string,
): Promise<void> {
  for (const admin of await adminsToNotifyOfQuestion(tx, courseId, f.authorId)) {
    await deps.mail.send(tx, {
      to: admin.email,
      subject: `Follow-up on: ${oneLine(q.question, 60)}`,
      text:
        `${f.authorName} asked a follow-up on "${oneLine(q.question, 200)}":\n\n${f.text}\n\n` +
        `Respond: ${deps.config.publicUrl}/respond/${f.questionId}\n`,
    });
  }
}

/** The instructor answered a follow-up: its author is told as an asker is of an answer. */
export async function mailFollowUpAnswered(
  deps: AppDeps,
  tx: Tx,
  f: { authorId: string | null },
  q: { question: string; videoId: string },
): Promise<void> {
  await mailAsker(deps, tx, f.authorId, {
    subject: FOLLOW_UP_ANSWERED_SUBJECT,
    text:
      `Your follow-up on "${oneLine(q.question, 200)}" has an answer from the instructor.\n\n` +
      `Read it: ${deps.config.publicUrl}/video/${q.videoId}\n`,
  });
}

export const FOLLOW_UP_ANSWERED_SUBJECT = 'Your follow-up was answered';

/**
 * A follow-up's answer video that could not be processed: its uploader learns why and which follow-up
 * still waits, as for a question's answer video (`mailAnswerFailed`), whatever their preferences.
 */
export async function mailFollowUpAnswerFailed(
  deps: AppDeps,
  tx: Tx,
  f: { text: string; questionId: string },
  q: { question: string },
  uploaderId: string,
  reason: string,
): Promise<void> {
  await mailUploader(deps, tx, uploaderId, {
    subject: FOLLOW_UP_ANSWER_FAILED_SUBJECT,
    text:
      `Your video answer to the follow-up "${oneLine(f.text, 200)}" on "${oneLine(q.question, 200)}" ` +
      `could not be processed: ${oneLine(reason, 300)}\n\n` +
      `The follow-up needs an answer again. Respond: ${deps.config.publicUrl}/respond/${f.questionId}\n`,
  });
}

export const FOLLOW_UP_ANSWER_FAILED_SUBJECT = 'Your video answer to a follow-up could not be processed';
