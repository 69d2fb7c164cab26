import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FollowUpList, MEDIA, type WaitingFollowUpList } from '@lectern/shared';
import { events, mediaFiles, responses } from '../../../db/schema';
import type { TestUser } from '../../../../test/factories';
import { expectStatus } from '../../../../test/calls';
import { seedFollowUp } from '../../../../test/seed';
import { heldFfmpeg } from '../../media/test/held-ffmpeg';
import { FOLLOW_UP_ANSWER_FAILED_SUBJECT } from '../questions.mail';
import { processingDone } from '../../videos/test/video-world';
import { answerFollowUpWithVideo, createFollowUpAnswerUpload } from '../test/follow-up-answers';
import { questionsWorldFixture } from '../test/world';

// A follow-up's answer by video (issue 24): uploaded through tus by an admin of the question's home
// course, processed like a question's answer video, read by the thread's readers once ready, deleted with
// the follow-up; one that fails processing shows failed to the admins and mails its uploader why.

describe('a video answer to a follow-up', () => {
  const ffmpeg = heldFfmpeg();
  const { t, w } = questionsWorldFixture({ app: { env: { FFMPEG_PATH: ffmpeg.path } } });
  const create = (who: TestUser, followUpID: string, length: number) =>
    createFollowUpAnswerUpload(t, who, followUpID, length);
  const upload = (who: TestUser, followUpID: string, file: string) =>
    answerFollowUpWithVideo(t, who, followUpID, file);
  const video = async (followUpId: string, who: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/questions/${w.qAnswered.id}/follow-ups`,
      headers: who.auth,
    });
    expectStatus(res, 200);
    return res.json<FollowUpList>().followUps.find((f) => f._id === followUpId)?.answerVideo;
  };
  /** The follow-ups waiting for `who`'s answer in Action Items. */
  const waitingIds = async (who: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/follow-ups/waiting', headers: who.auth });
    expectStatus(res, 200);
    return res.json<WaitingFollowUpList>().followUps.map((f) => f._id);
  };
  /** The last event written is the follow-up's change. */
  const expectAnnounced = async (followUpId: string) => {
    const [last] = await t.db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(last!.payload).toMatchObject({ type: 'followup.changed', followUpId });
  };

  it('only the home course’s admins attach one; readers get it once processed; deleting cleans up', async () => {
    const { studentA, studentA2, adminA, coAdminA, adminB } = w.users;
    const f = await seedFollowUp(t.db, w.qAnswered.id, studentA2.id, 'And why is the phase negative?');
    for (const who of [studentA, studentA2, adminB]) expectStatus(await create(who, f.id, 100), 403);

    const responseId = await upload(coAdminA, f.id, 'recorded-vp8-opus.webm');
    // Being converted: the admins see it waiting, the thread's other readers nothing yet.
    expect(await video(f.id, adminA)).toEqual({
      id: responseId,
      ready: false,
      failed: false,
      failureReason: null,
      videoSource: '',
    });
    expect(await video(f.id, studentA2)).toBeNull();

    await processingDone(t);
    const ready = await video(f.id, studentA2);
    expect(ready).toMatchObject({ id: responseId, ready: true });
    expect(await video(f.id, studentA)).toEqual(ready);
    const file = await t.app.inject({ method: 'GET', url: ready!.videoSource });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    await expectAnnounced(f.id);
    // Answered by video: it no longer waits for the instructor.
    expect(await waitingIds(adminA)).not.toContain(f.id);

    const [row] = await t.db.select().from(responses).where(eq(responses.id, responseId));
    expectStatus(
      await t.app.inject({ method: 'DELETE', url: `/api/follow-ups/${f.id}`, headers: adminA.auth }),
      204,
    );
    expect(await t.db.select().from(responses).where(eq(responses.id, responseId))).toEqual([]);
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, row!.mediaSha256!))).toEqual([]);
  });

  it('failing processing shows why to the admins alone and mails its uploader naming the follow-up', async () => {
    const { studentA, studentA2, adminA, coAdminA } = w.users;
    const f = await seedFollowUp(t.db, w.qAnswered.id, studentA2.id, 'Does the sign flip at resonance?');
    ffmpeg.fail(true);
    let responseId: string;
    try {
      responseId = await upload(coAdminA, f.id, 'recorded-vp8-opus.webm');
      await processingDone(t);
    } finally {
      ffmpeg.fail(false);
    }
    // Its admins are shown why, as the uploader is mailed it.
    expect(await video(f.id, adminA)).toEqual({
      id: responseId,
      ready: false,
      failed: true,
      failureReason: expect.stringContaining(MEDIA.conversionFailed),
      videoSource: '',
    });
    for (const who of [studentA, studentA2]) expect(await video(f.id, who)).toBeNull();
    await expectAnnounced(f.id);
    // It still waits for the instructor.
    expect(await waitingIds(adminA)).toContain(f.id);
    const mails = t.mailer.sent.filter((m) => m.subject === FOLLOW_UP_ANSWER_FAILED_SUBJECT);
    expect(mails.map((m) => m.to)).toEqual([coAdminA.email]);
    expect(mails[0]!.text).toContain('follow-up "Does the sign flip at resonance?"');
    expect(mails[0]!.text).toContain(`could not be processed: ${MEDIA.conversionFailed}`);
    expect(mails[0]!.text).toContain(`/respond/${w.qAnswered.id}`);

    // Answering again replaces the failed one.
    const second = await upload(coAdminA, f.id, 'recorded-vp8-opus.webm');
    await processingDone(t);
    expect(await video(f.id, studentA2)).toMatchObject({
      id: second,
      ready: true,
      failed: false,
      failureReason: null,
    });
    expect(await t.db.select().from(responses).where(eq(responses.id, responseId))).toEqual([]);
  });
});
