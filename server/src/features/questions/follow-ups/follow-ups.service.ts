import type {
  AnswerTextBody,
  FollowUpBody,
  FollowUpDto,
  FollowUpList,
  WaitingFollowUpList,
} from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import { forbidden, notFound } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { findLecture, postAllows } from '../../access/public';
import { videoSourceOf } from '../../videos/public';
import { renderAnswerText } from '../answer-text/render';
import { readQuestion } from '../question-access';
import { forgetPending, processingOf } from '../pending-response';
import { mailFollowUpAnswered, mailNewFollowUp } from '../questions.mail';
import type { QuestionsService } from '../questions.service';
import { createFollowUpVideos } from './follow-up-video';
import { emitFollowUpChanged } from './follow-ups.events';
import {
  type AnswerVideoRow,
  type FollowUpRecord,
  answerFollowUp,
  answerVideoOf,
  deleteFollowUp,
  findFollowUp,
  followUpsOf,
  insertFollowUp,
  waitingFollowUps,
} from './follow-ups.repository';

export type FollowUpsService = ReturnType<typeof createFollowUpsService>;

/**
 * Follow-ups under an answered question (issue 24). Whoever may read the answered question (a member or
 * admin of a released lecture holding its video: question-access.ts, the one policy) reads and posts them;
 * one level only: a follow-up gets no replies but the answer in words of an admin of the question's home
 * course. Its author or such an admin deletes it. Text and answer are Markdown, rendered and sanitised as
 * a text answer is (answer-text/render.ts). Each change is a `followup.changed` event to the course
 * members and admins of the lectures holding the video, released ones only for students, like the read.
 */
export function createFollowUpsService(deps: AppDeps, questions: QuestionsService) {
  const { db, clock } = deps;

  const readable = (caller: AuthUser, questionId: string) => readQuestion(db, caller, questionId, clock());

  const dto = (
    caller: AuthUser,
    admin: boolean,
    f: FollowUpRecord,
    authorName: string | null,
    video: AnswerVideoRow | null,
  ): FollowUpDto => {
    const own = f.authorId !== null && f.authorId === caller.id;
    const ready = video?.status === 'ready' && video.mediaSha256 !== null;
    return {
      _id: f.id,
      questionId: f.questionId,
      own,
      authorName: admin || own ? authorName : null,
      textHtml: f.textHtml,
      createdAt: f.createdAt.toISOString(),
      answerHtml: f.answerHtml,
      answeredAt: f.answeredAt?.toISOString() ?? null,
      hidden: f.hiddenAt !== null,
      // Being processed or failed, it is the course's admins' alone, as a question's answer video is.
      answerVideo:
        video && (ready || admin)
          ? {
              id: video.id,
              ready,
              failed: video.status === 'failed',
              failureReason: video.status === 'failed' ? video.failureReason : null,
              videoSource: ready
                ? videoSourceOf(deps, { mediaSha256: video.mediaSha256, youtubeUrl: null })
                : '',
            }
          : null,
    };
  };

  /** The follow-up and its question, for a write by an admin of the question's home course (or its author). */
  async function loadForWrite(caller: AuthUser, followUpId: string) {
    const followUp = await findFollowUp(db, followUpId);
    if (!followUp) throw notFound('Follow-up not found');
    const { question, admin } = await readable(caller, followUp.questionId);
    return { followUp, question, admin };
  }

  /** For an admin of the question's home course only. */
  async function loadForAdmin(caller: AuthUser, followUpId: string) {
    const loaded = await loadForWrite(caller, followUpId);
    if (!loaded.admin) throw forbidden('Only the course administrators can do that');
    return loaded;
  }

  const videos = createFollowUpVideos(deps, questions, loadForAdmin);

  return {
    /** The answer video's upload kind and processing target (follow-up-video.ts). */
    videos,

    /** Action Items: what waits for the caller's answer, in the courses they administer. */
    async waiting(caller: AuthUser): Promise<WaitingFollowUpList> {
      const rows = await waitingFollowUps(db, caller.id, 100);
      return {
        followUps: rows.map((r) => ({
          _id: r.followUp.id,
          questionId: r.followUp.questionId,
          question: r.question,
          authorName: r.authorName,
          textHtml: r.followUp.textHtml,
          createdAt: r.followUp.createdAt.toISOString(),
        })),
      };
    },

    async list(caller: AuthUser, questionId: string): Promise<FollowUpList> {
      const { admin } = await readable(caller, questionId);
      // A hidden follow-up is listed for its author and the course's admins only (issue 24, flags).
      const reader = { userId: caller.id, runsHome: admin };
      const rows = (await followUpsOf(db, questionId)).filter((r) => postAllows(reader, r.followUp));
      return {
        followUps: rows.map((r) => dto(caller, admin, r.followUp, r.authorName, r.video)),
        canAnswer: admin,
      };
    },

    async post(caller: AuthUser, questionId: string, body: FollowUpBody): Promise<FollowUpDto> {
      const { question, admin } = await readable(caller, questionId);
      if (question.responseId === null) throw forbidden('Follow-ups are for answered questions');
      const textHtml = renderAnswerText(body.text);
      const row = await db.transaction(async (tx) => {
        const row = await insertFollowUp(tx, {
          questionId,
          authorId: caller.id,
          text: body.text,
          textHtml,
          // The database's time (microseconds), not the clock's: it orders a thread's follow-ups.
        });
        await emitFollowUpChanged(tx, question, row);
        const home = question.lectureId ? await findLecture(tx, question.lectureId) : null;
        if (home)
          await mailNewFollowUp(
            deps,
            tx,
            { questionId, text: body.text, authorId: caller.id, authorName: caller.name },
            question,
            home.courseId,
          );
        return row;
      });
      return dto(caller, admin, row, caller.name, null);
    },

    /** The instructor's answer in words; writing it again edits it. */
    async answer(caller: AuthUser, followUpId: string, body: AnswerTextBody): Promise<FollowUpDto> {
      const { followUp, question, admin } = await loadForAdmin(caller, followUpId);
      const answerHtml = renderAnswerText(body.text);
      const answeredAt = clock();
      await db.transaction(async (tx) => {
        await answerFollowUp(tx, followUp.id, {
          answer: body.text,
          answerHtml,
          answererId: caller.id,
          answeredAt,
        });
        await emitFollowUpChanged(tx, question, followUp);
        if (followUp.answeredAt === null) await mailFollowUpAnswered(deps, tx, followUp, question);
      });
      const video = await answerVideoOf(db, followUp.answerResponseId);
      return dto(caller, admin, { ...followUp, answer: body.text, answerHtml, answeredAt }, null, video);
    },

    async remove(caller: AuthUser, followUpId: string): Promise<void> {
      const { followUp, question, admin } = await loadForWrite(caller, followUpId);
      if (!admin && followUp.authorId !== caller.id)
        throw forbidden('Only its author or the course administrators can delete a follow-up');
      // Its answer video goes with it, and then its file if nothing else uses it.
      let dropped: string | null = null;
      await questions.withResponseCleanup(async (tx) => {
        const video = followUp.answerResponseId;
        if (video) dropped = await processingOf(tx, video);
        await deleteFollowUp(tx, followUp.id);
        await emitFollowUpChanged(tx, question, followUp);
        return { result: undefined, replaced: video };
      });
      await forgetPending(deps, dropped);
    },
  };
}
