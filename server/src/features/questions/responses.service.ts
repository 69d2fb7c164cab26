import type { VideoResponseAnswer, VideoResponseFields } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { deleteUnreferencedMediaRows, removeUnreferencedMedia } from '../lectures/orphans';
import { type IngestedMedia, ingestMp4File } from '../videos/ingest';
import { videoSourceOf } from '../videos/video.mapper';
import { requireQuestionAdmin } from './question-access';
import { mailQuestionAnswered } from './questions.mail';
import { type QuestionRecord, insertResponse, updateQuestion } from './questions.repository';
import type { QuestionsService } from './questions.service';

// Answer videos (SPEC §7 POST /api/upload/videoResponse, and tus uploads of kind=response): only the
// admins of a course holding the question's video may answer. A new answer replaces the previous one
// (re-answering a "processing" question, SPEC §4); the old answer and its file go if nothing uses them.

export function createResponsesService(deps: AppDeps, questions: QuestionsService) {
  const { db, clock } = deps;

  /** Checked before a byte is stored, and again once the upload is complete (SECURITY AC-7). */
  async function authorize(caller: AuthUser, fields: Pick<VideoResponseFields, 'questionID' | 'posterID'>) {
    if (fields.posterID !== undefined && fields.posterID !== caller.id)
      throw forbidden('You can only post responses as yourself');
    return requireQuestionAdmin(db, caller, fields.questionID, clock());
  }

  /** Attaches stored media to the question; on any failure the media goes again if nothing uses it. */
  async function attach(
    caller: AuthUser,
    fields: Pick<VideoResponseFields, 'questionID' | 'posterID' | 'title'>,
    media: IngestedMedia,
  ): Promise<VideoResponseAnswer> {
    let responseId: string;
    let question: QuestionRecord;
    try {
      ({ question } = await authorize(caller, fields));
      const now = clock();
      responseId = await questions.withResponseCleanup(async (tx) => {
        const response = await insertResponse(tx, {
          title: fields.title,
          mediaSha256: media.sha256,
          posterId: caller.id,
          createdAt: now,
        });
        await updateQuestion(tx, question.id, { responseId: response.id, answeredAt: now, status: null });
        return { result: response.id, replaced: question.responseId };
      });
    } catch (error) {
      const gone = await deleteUnreferencedMediaRows(db, [media.sha256]);
      await removeUnreferencedMedia(db, deps.media, gone);
      throw error;
    }
    await mailQuestionAnswered(deps, question, responseId);
    return {
      id: responseId,
      _id: responseId,
      questionID: question.id,
      videoSource: videoSourceOf(deps, { mediaSha256: media.sha256, youtubeUrl: null }),
      question: await questions.dto(caller, question.id, true),
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
      return attach(caller, fields, await ingestMp4File(deps, tempPath));
    },
  };
}
