import { eq } from 'drizzle-orm';
import { MEDIA, type QuestionDto, type VideoAnswerDto, type VideoResponseAnswer } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { responses } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import { heldFfmpeg } from '../media/test/held-ffmpeg';
import { processingDone } from '../videos/test/video-world';
import { answerWithVideo } from './test/answers';
import { ANSWER_FAILED_SUBJECT } from './questions.mail';
import { questionsWorldFixture } from './test/world';

// Issue 9: an answer video that needs converting puts its question in the spec's `processing` status;
// nobody but the course's admins learns of it until it is ready; answering again while it is processed
// overwrites it; once ready it is the question's response and plays as a fast-start MP4.

describe('answer videos that need processing', () => {
  const ffmpeg = heldFfmpeg();
  const { t, w } = questionsWorldFixture({ app: { env: { FFMPEG_PATH: ffmpeg.path } } });

  const answer = (file: string) =>
    answerWithVideo(t, w.users.adminA, w.qOpen.id, { file, title: 'Recorded answer' });
  const question = async (who: TestUser) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/questions/${w.qOpen.id}`, headers: who.auth })
    ).json<QuestionDto>();
  const listed = async (who: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/questions/lecture-questions/${w.LA.id}`,
        headers: who.auth,
      })
    ).json<QuestionDto[]>();

  it('is processing until converted, is overwritten by a second answer, then answers the question', async () => {
    ffmpeg.hold(true);
    let second: VideoResponseAnswer;
    try {
      const first = await answer('recorded-vp8-opus.webm');
      expect(first.videoSource).toBe('');
      expect(first.question).toMatchObject({ status: 'processing', response: '' });
      await ffmpeg.waiting();
      expect(await question(w.users.adminA)).toMatchObject({ status: 'processing', response: '' });
      // Another student never sees the unanswered question; the asker sees it still unanswered.
      expect((await listed(w.users.studentA2)).map((q) => q.id)).not.toContain(w.qOpen.id);
      expect((await listed(w.users.studentA)).find((q) => q.id === w.qOpen.id)?.response).toBe('');
      second = await answer('recorded-h264-opus.mp4');
      // The first answer is gone: one answer is being processed.
      expect(await t.db.select().from(responses).where(eq(responses.id, first.id))).toEqual([]);
      expect((await t.db.select().from(responses).where(eq(responses.status, 'processing'))).length).toBe(1);
    } finally {
      ffmpeg.hold(false);
    }
    await processingDone(t);

    expect(await question(w.users.adminA)).toMatchObject({ status: null, response: second.id });
    expect((await listed(w.users.studentA2)).find((q) => q.id === w.qOpen.id)?.response).toBe(second.id);
    const played = await t.app.inject({ method: 'GET', url: `/api/upload/videoAnswers/${second.id}` });
    const file = await t.app.inject({ method: 'GET', url: played.json<VideoAnswerDto>().videoSource });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
  });

  it('a failed conversion leaves the question as it was before and mails its uploader the reason', async () => {
    const before = await question(w.users.adminA);
    ffmpeg.fail(true);
    try {
      await answer('input-vp9-opus.webm');
      await processingDone(t);
    } finally {
      ffmpeg.fail(false);
    }
    const after = await question(w.users.adminA);
    expect(after).toMatchObject({ status: null, response: before.response });
    expect(await t.db.select().from(responses).where(eq(responses.status, 'processing'))).toEqual([]);
    const mails = t.mailer.sent.filter((m) => m.subject === ANSWER_FAILED_SUBJECT);
    expect(mails.map((m) => m.to)).toEqual([w.users.adminA.email]);
    expect(mails[0]!.text).toContain(`could not be processed: ${MEDIA.conversionFailed}`);
    expect(mails[0]!.text).toContain(`/respond/${w.qOpen.id}`);
  });
});
