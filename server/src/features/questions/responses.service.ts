import type { VideoResponseAnswer, VideoResponseFields } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  type Ingested,
  deleteUnreferencedMediaRows,
  discardIngested,
  ingestUpload,
  removeUnreferencedMedia,
} from '../media/public';
import { videoSourceOf } from '../videos/public';
import { answerPending, dropPending, forgetPending } from './pending-response';
import { requireQuestionAdmin } from './question-access';
import { makeResponseCurrent } from './answer-question';
import { type QuestionRecord, findQuestion, insertResponse } from './questions.repository';
import type { QuestionsService } from './questions.service';

// Answer videos (SPEC §7 POST /api/upload/videoResponse, and tus uploads of kind=response): only the
// admins of a course holding the question's video may answer. A new answer replaces the previous one
// (re-answering a "processing" question, SPEC §4); the old answer and its file go if nothing uses them.

export type ResponsesService = ReturnType<typeof createResponsesService>;

export function createResponsesService(deps: AppDeps, questions: QuestionsService) {
  const { db, clock } = deps;

  /** Checked before a byte is stored, and again once the upload is complete (SECURITY AC-7). */
  async function authorize(caller: AuthUser, fields: Pick<VideoResponseFields, 'questionID' | 'posterID'>) {
    if (fields.posterID !== undefined && fields.posterID !== caller.id)
      throw forbidden('You can only post responses as yourself');
    return requireQuestionAdmin(db, caller, fields.questionID, clock());
  }

  /** Attaches stored media to the question; on any failure the media goes again if nothing uses it. */
  async function attachReady(
    posterId: string | null,
    question: QuestionRecord,
    title: string,
    sha256: string,
  ) {
    const now = clock();
    let dropped: string | null = null;
    try {
      const responseId = await questions.withResponseCleanup(async (tx) => {
        const response = await insertResponse(tx, {
          title,
          mediaSha256: sha256,
          posterId,
          createdAt: now,
        });
        dropped = await dropPending(tx, question); // a ready answer also overwrites one being processed
        await makeResponseCurrent(deps, tx, question, response.id, now);
        return { result: response.id, replaced: question.responseId };
      });
      await forgetPending(deps, dropped);
      return responseId;
    } catch (error) {
      const gone = await deleteUnreferencedMediaRows(db, [sha256]);
      await removeUnreferencedMedia(db, deps.media, gone);
      throw error;
    }
  }

  /**
   * Answers `question` with ingested media: at once when it is ready, else once processed (the question
   * is `processing` meanwhile). Returns the new response's id.
   */
  function answerWith(
    question: QuestionRecord,
    values: { title: string; posterId: string | null },
    ingested: Ingested,
  ): Promise<string> {
    return 'ready' in ingested
      ? attachReady(values.posterId, question, values.title, ingested.ready.sha256)
      : answerPending(deps, questions, question, { ...values, createdAt: clock() }, ingested.processingId);
  }

  /** Answers the question with an accepted upload; a set-aside original is dropped if this fails. */
  async function attach(
    caller: AuthUser,
    fields: Pick<VideoResponseFields, 'questionID' | 'posterID' | 'title'>,
    ingested: Ingested,
  ): Promise<VideoResponseAnswer> {
    let question: QuestionRecord;
    try {
      ({ question } = await authorize(caller, fields));
    } catch (error) {
      await discardIngested(deps, ingested);
      throw error;
    }
    const ready = 'ready' in ingested ? ingested.ready : null;
    const responseId = await answerWith(question, { title: fields.title, posterId: caller.id }, ingested);
    return {
      id: responseId,
      _id: responseId,
      questionID: question.id,
      videoSource: ready ? videoSourceOf(deps, { mediaSha256: ready.sha256, youtubeUrl: null }) : '',
      question: await questions.dto(caller, question.id),
    };
  }

  return {
    authorize,
    attach,
    /** A finished multipart upload: validated as mp4 (415/422, nothing kept), then attached. */
    async answerWithFile(
      caller: AuthUser,
      fields: VideoResponseFields,
      tempPath: string,
    ): Promise<VideoResponseAnswer> {
      return attach(caller, fields, await ingestUpload(deps, tempPath));
    },
    /**
     * A meeting's recording becomes the question's answer, through processing like any upload (issue
     * 10). No caller: the meetings feature checked the callback that brought it. Null if the question is gone.
     */
    async importAnswer(
      questionId: string,
      values: { title: string; posterId: string | null },
      tempPath: string,
    ): Promise<string | null> {
      const ingested = await ingestUpload(deps, tempPath);
      const question = await findQuestion(db, questionId);
      if (!question) {
        await discardIngested(deps, ingested);
        return null;
      }
      return answerWith(question, values, ingested);
    },
  };
}
