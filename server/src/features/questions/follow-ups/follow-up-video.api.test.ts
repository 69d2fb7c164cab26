import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FollowUpList, RESPONSE_ID_HEADER, UPLOAD_KINDS } from '@lectern/shared';
import { events, mediaFiles, responses } from '../../../db/schema';
import type { TestUser } from '../../../../test/factories';
import { expectStatus } from '../../../../test/calls';
import { seedFollowUp } from '../../../../test/seed';
import { tusMetadata } from '../../videos/test/tus-requests';
import { fixture, processingDone } from '../../videos/test/video-world';
import { questionsWorldFixture } from '../test/world';

// A follow-up's answer by video (issue 24): uploaded through tus by an admin of the question's home
// course, processed like a question's answer video, read by the thread's readers once ready, deleted with
// the follow-up.

describe('a video answer to a follow-up', () => {
  const { t, w } = questionsWorldFixture();
  const TUS = { 'tus-resumable': '1.0.0' };

  const create = (who: TestUser, followUpID: string, length: number) =>
    t.app.inject({
      method: 'POST',
      url: '/tus/',
      headers: {
        ...who.auth,
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': tusMetadata({ kind: UPLOAD_KINDS.followUpAnswer, followUpID, title: 'Why' }),
      },
    });
  const upload = async (who: TestUser, followUpID: string, file: string) => {
    const data = fixture(file);
    const created = await create(who, followUpID, data.length);
    expectStatus(created, 201);
    const done = await t.app.inject({
      method: 'PATCH',
      url: String(created.headers.location),
      headers: {
        ...who.auth,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: data,
    });
    expectStatus(done, 204);
    return String(done.headers[RESPONSE_ID_HEADER.toLowerCase()]);
  };
  const video = async (followUpId: string, who: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/questions/${w.qAnswered.id}/follow-ups`,
      headers: who.auth,
    });
    expectStatus(res, 200);
    return res.json<FollowUpList>().followUps.find((f) => f._id === followUpId)?.answerVideo;
  };

  it('only the home course’s admins attach one; readers get it once processed; deleting cleans up', async () => {
    const { studentA, studentA2, adminA, coAdminA, adminB } = w.users;
    const f = await seedFollowUp(t.db, w.qAnswered.id, studentA2.id, 'And why is the phase negative?');
    for (const who of [studentA, studentA2, adminB]) expectStatus(await create(who, f.id, 100), 403);

    const responseId = await upload(coAdminA, f.id, 'recorded-vp8-opus.webm');
    // Being converted: the admins see it waiting, the thread's other readers nothing yet.
    expect(await video(f.id, adminA)).toEqual({ id: responseId, ready: false, videoSource: '' });
    expect(await video(f.id, studentA2)).toBeNull();

    await processingDone(t);
    const ready = await video(f.id, studentA2);
    expect(ready).toMatchObject({ id: responseId, ready: true });
    expect(await video(f.id, studentA)).toEqual(ready);
    const file = await t.app.inject({ method: 'GET', url: ready!.videoSource });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    const [last] = await t.db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(last!.payload).toMatchObject({ type: 'followup.changed', followUpId: f.id });
    // Answered by video: it no longer waits for the instructor.
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/follow-ups/waiting',
      headers: adminA.auth,
    });
    expect(waiting.body).not.toContain(f.id);

    const [row] = await t.db.select().from(responses).where(eq(responses.id, responseId));
    expectStatus(
      await t.app.inject({ method: 'DELETE', url: `/api/follow-ups/${f.id}`, headers: adminA.auth }),
      204,
    );
    expect(await t.db.select().from(responses).where(eq(responses.id, responseId))).toEqual([]);
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, row!.mediaSha256!))).toEqual([]);
  });
});
