import { RESPONSE_ID_HEADER, FollowUpAnswerFields } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Tx } from '../../../db/client';
import { followUps, responses } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { queueAutomaticCaptions } from '../../captions/public';
import {
  type Ingested,
  type ProcessingTarget,
  deleteUnreferencedMediaRows,
  discardIngested,
  queueProcessing,
  removeUnreferencedMedia,
} from '../../media/public';
import type { UploadKind } from '../../videos/public';
import { forgetPending, processingOf } from '../pending-response';
import { mailFollowUpAnswerFailed, mailFollowUpAnswered } from '../questions.mail';
import { type QuestionRecord, findQuestion, insertResponse } from '../questions.repository';
import type { QuestionsService } from '../questions.service';
import { emitFollowUpChanged } from './follow-ups.events';
import type { FollowUpRecord } from './follow-ups.repository';

// A follow-up's answer by video (issue 24): an answer video as a question's is, a `responses` row uploaded
// through tus (kind followUpAnswer), converted by the media pipeline when it needs it, captioned
// automatically once ready; but it belongs to the follow-up (`answer_response_id`), not to the question.
// A new one replaces the previous; deleting the follow-up deletes it and then its file if nothing else
// uses it (`withResponseCleanup`). Each change is the follow-up's `followup.changed`.

async function lockFollowUp(tx: Tx, id: string): Promise<FollowUpRecord | null> {
  const [row] = await tx.select().from(followUps).where(eq(followUps.id, id)).for('update');
  return row ?? null;
}

/** Inside `tx`: the follow-up's answer video `responseId` is ready: captions, the event, the first mail. */
async function answerVideoReady(
  deps: AppDeps,
  tx: Tx,
  followUp: FollowUpRecord,
  question: QuestionRecord,
  responseId: string,
): Promise<void> {
  if (followUp.answeredAt === null)
    await tx.update(followUps).set({ answeredAt: deps.clock() }).where(eq(followUps.id, followUp.id));
  await queueAutomaticCaptions(deps, tx, 'response', responseId);
  await emitFollowUpChanged(tx, question, followUp);
  if (followUp.answeredAt === null) await mailFollowUpAnswered(deps, tx, followUp, question);
}

/**
 * `authorize(caller, followUpId)`: the follow-up and its question for an admin of the question's home
 * course (403/404 otherwise), checked before a byte is stored and again once the upload is complete.
 */
export function createFollowUpVideos(
  deps: AppDeps,
  questions: QuestionsService,
  authorize: (caller: AuthUser, followUpId: string) => Promise<{ question: QuestionRecord }>,
) {
  const { db, clock } = deps;

  async function attach(caller: AuthUser, fields: FollowUpAnswerFields, ingested: Ingested): Promise<string> {
    let question: QuestionRecord;
    try {
      ({ question } = await authorize(caller, fields.followUpID));
    } catch (error) {
      await discardIngested(deps, ingested);
      throw error;
    }
    const ready = 'ready' in ingested ? ingested.ready : null;
    const processingId = 'processingId' in ingested ? ingested.processingId : null;
    let dropped: string | null = null;
    try {
      const responseId = await questions.withResponseCleanup(async (tx) => {
        const followUp = await lockFollowUp(tx, fields.followUpID);
        if (!followUp) throw notFound('Follow-up not found');
        const response = await insertResponse(tx, {
          title: fields.title,
          posterId: caller.id,
          mediaSha256: ready?.sha256 ?? null,
          status: ready ? 'ready' : 'processing',
          createdAt: clock(),
        });
        const previous = followUp.answerResponseId;
        if (previous) dropped = await processingOf(tx, previous);
        await tx
          .update(followUps)
          .set({ answerResponseId: response.id })
          .where(eq(followUps.id, followUp.id));
        if (processingId === null) await answerVideoReady(deps, tx, followUp, question, response.id);
        else {
          const owner = { responseId: response.id, followUpId: followUp.id };
          await queueProcessing(deps, tx, processingId, owner, caller.id);
          await emitFollowUpChanged(tx, question, followUp);
        }
        return { result: response.id, replaced: previous };
      });
      await forgetPending(deps, dropped);
      return responseId;
    } catch (error) {
      if (ready)
        await removeUnreferencedMedia(db, deps.media, await deleteUnreferencedMediaRows(db, [ready.sha256]));
      else await discardIngested(deps, ingested);
      throw error;
    }
  }

  const target: ProcessingTarget = {
    async finish(deps, entry, media, claim) {
      return db.transaction(async (tx) => {
        if (!(await claim(tx)) || !entry.responseId || !entry.followUpId) return false;
        const followUp = await lockFollowUp(tx, entry.followUpId);
        const question = followUp && (await findQuestion(tx, followUp.questionId));
        if (!followUp || !question || followUp.answerResponseId !== entry.responseId) return false;
        await tx
          .update(responses)
          .set({ mediaSha256: media.sha256, status: 'ready' })
          .where(eq(responses.id, entry.responseId));
        await answerVideoReady(deps, tx, followUp, question, entry.responseId);
        return true;
      });
    },
    // The follow-up waits for an answer again (its text answer, if any, stays). The failed answer stays,
    // marked failed with its reason, so its admins see why where they answered until they replace or delete
    // it; its uploader is mailed the reason too (docs/decisions.md).
    async fail(deps, entry, reason) {
      if (!entry.responseId || !entry.followUpId) return;
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(responses)
          .set({ status: 'failed', failureReason: reason })
          .where(eq(responses.id, entry.responseId!))
          .returning({ uploaderId: responses.posterId });
        const followUp = await lockFollowUp(tx, entry.followUpId!);
        const question = followUp && (await findQuestion(tx, followUp.questionId));
        if (!question) return;
        await emitFollowUpChanged(tx, question, followUp);
        if (failed?.uploaderId)
          await mailFollowUpAnswerFailed(deps, tx, followUp, question, failed.uploaderId, reason);
      });
    },
  };

  const parse = (metadata: Record<string, string>) => {
    const parsed = FollowUpAnswerFields.safeParse({ followUpID: metadata.followUpID, title: metadata.title });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload metadata');
    return parsed.data;
  };

  /** kind=followUpAnswer: Upload-Metadata followUpID (and title); the final PATCH names the response. */
  const uploadKind: UploadKind = {
    async authorizeCreate(_deps, user, metadata) {
      const fields = parse(metadata);
      await authorize(user, fields.followUpID);
      return fields;
    },
    async complete(_deps, user, ingested, metadata) {
      return { [RESPONSE_ID_HEADER]: await attach(user, parse(metadata), ingested) };
    },
  };

  return { attach, target, uploadKind };
}
