import type { QuestionDto, StartMeetingAnswer, VideoAnswerDto } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BbbDouble, startBbbDouble } from '../../../test/bbb-double';
import { call, expectStatus } from '../../../test/calls';
import { type TestUser, createUser } from '../../../test/factories';
import { seedCourseMember } from '../../../test/seed';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { type World, buildWorld } from '../../../test/world';
import { fixture, multipart } from '../videos/test/video-world';
import { meetingIdOf } from './meetings.service';

// Issue 10 with BigBlueButton: a live question opens its meeting; the asker and the course's admins get
// their own join URLs (checked by the double as bbb-web checks them); the meeting's end puts the question
// in processing; the signed recording-ready callback makes the recording its answer. Forged, unsigned
// and replayed callbacks change nothing.

const PUBLIC_URL = 'http://lectern.test';

describe('live questions with BigBlueButton', () => {
  let t: TestApp;
  let w: World;
  let bbb: BbbDouble;
  beforeAll(async () => {
    bbb = await startBbbDouble();
    t = await createTestApp({ env: { BBB_URL: bbb.url, BBB_SECRET: bbb.secret, PUBLIC_URL } });
    w = await buildWorld(t);
    const actual = await t.app.listen({ port: 0, host: '127.0.0.1' });
    bbb.lecternOrigin = { publicUrl: PUBLIC_URL, actual };
  });
  afterAll(async () => {
    await t.close();
    await bbb.close();
  });

  async function askLive(as: TestUser = w.users.studentA): Promise<string> {
    const res = await call(t, 'POST', '/api/questions', {
      as,
      payload: { question: 'Why is the spectrum mirrored?', videoId: w.VA1.id, time: 3, live: true },
    });
    expectStatus(res, 201);
    expect(res.json<QuestionDto>()).toMatchObject({ status: 'live' });
    await t.settle(); // the room opens in a job queued with the question
    return res.json<QuestionDto>()._id;
  }
  const start = (questionId: string, as: TestUser) =>
    call(t, 'GET', `/api/bbb/startMeeting?questionText=Why&questionID=${questionId}`, { as });
  const statusOf = async (questionId: string) =>
    (await call(t, 'GET', `/api/questions/${questionId}`, { as: w.users.adminA })).json<QuestionDto>();

  it('runs the whole path: live question → meeting → join URLs → end → processing → answered', async () => {
    const q = await askLive();
    const meeting = bbb.meetings.get(meetingIdOf(q))!;
    expect(meeting.params).toMatchObject({
      record: 'true',
      autoStartRecording: 'true',
      allowStartStopRecording: 'false',
      logoutURL: `${PUBLIC_URL}/handleBBBMeetingEnd/${q}`,
      'meta_bbb-recording-ready-url': `${PUBLIC_URL}/api/bbb/recordingReady`,
    });
    expect(meeting.metadata.endcallbackurl).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/bbb/meetingEnded/${q}\\?token=[\\w-]{40,}$`),
    );

    const student = await start(q, w.users.studentA);
    expectStatus(student, 200);
    const studentUrls = student.json<StartMeetingAnswer>();
    expect(studentUrls.professorURL).toBe('');
    expect(bbb.checkJoinUrl(studentUrls.studentURL)).toMatchObject({
      role: 'VIEWER',
      userID: w.users.studentA.id,
      fullName: w.users.studentA.name,
      meetingID: meetingIdOf(q),
      createTime: meeting.createTime,
    });
    const admin = await start(q, w.users.coAdminA);
    expectStatus(admin, 200);
    const { professorURL, studentURL } = admin.json<StartMeetingAnswer>();
    expect(studentURL).toBe('');
    expect(bbb.checkJoinUrl(professorURL)).toMatchObject({ role: 'MODERATOR', userID: w.users.coAdminA.id });
    // The join URLs work on the server; the secret never reaches a browser.
    expect((await fetch(professorURL, { redirect: 'manual' })).status).toBe(302);
    for (const res of [student, admin]) expect(res.body).not.toContain(bbb.secret);
    expect(bbb.calls.every((c) => c.valid)).toBe(true);
    expect(meeting.attendees.map((a) => a.role)).toEqual(['MODERATOR']);

    expect(await bbb.fireEndCallback(meetingIdOf(q), true)).toBe(200);
    expect(await statusOf(q)).toMatchObject({ status: 'processing', response: '' });
    expect(await bbb.fireEndCallback(meetingIdOf(q), true)).toBe(200); // idempotent
    expectStatus(await start(q, w.users.studentA), 409); // an ended room lets nobody in

    const ready = await bbb.publishRecording(meetingIdOf(q));
    expect(ready.status).toBe(200);
    await t.settle();
    await t.settle();
    const answered = await statusOf(q);
    expect(answered).toMatchObject({ status: null });
    expect(answered.response).not.toBe('');
    const played = await call(t, 'GET', `/api/upload/videoAnswers/${answered.response}`, {
      as: w.users.studentA,
    });
    expectStatus(played, 200);
    const file = await t.app.inject({ method: 'GET', url: played.json<VideoAnswerDto>().videoSource });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');

    // The same callback again is a replay: refused, nothing imported twice.
    expect(await bbb.postRecordingReady(meetingIdOf(q), ready.token)).toBe(409);
  });

  it("a student can neither start nor join a room for another student's question", async () => {
    const classmate = await createUser(t.app, { name: 'Cleo Classmate' });
    await seedCourseMember(t.db, w.A.id, classmate.id);
    const q = await askLive(w.users.studentA);
    const joinsBefore = bbb.calls.length;
    for (const who of [classmate, w.users.studentB, w.users.adminB]) {
      const res = await start(q, who);
      expectStatus(res, 403);
      expect(res.body).not.toContain('/api/join');
    }
    expectStatus(
      await call(t, 'GET', `/api/bbb/recordResponse?questionID=${q}`, { as: w.users.studentA }),
      403,
    );
    expect(bbb.calls.length).toBe(joinsBefore); // nothing reached the server for them
  });

  it('forged, unsigned, expired and wrong-token callbacks change nothing', async () => {
    const q = await askLive();
    const id = meetingIdOf(q);
    expectStatus(await start(q, w.users.adminA), 200);
    const endUrl = `/api/bbb/meetingEnded/${q}?recordingmarks=true`;
    expectStatus(await call(t, 'GET', `${endUrl}&token=forged-token-forged-token-forged-token-00`), 403);
    expectStatus(await call(t, 'GET', endUrl), 403);
    expect(await statusOf(q)).toMatchObject({ status: 'live' });

    const payload = { meeting_id: id, record_id: 'forged-record' };
    expect(await bbb.postRecordingReady(id, bbb.signWith('not-the-secret', payload))).toBe(401);
    expect(await bbb.postRecordingReady(id, null)).toBe(401);
    const expired = { ...payload, exp: Math.floor(t.clock.now().getTime() / 1000) - 10 };
    expect(await bbb.postRecordingReady(id, bbb.signWith(bbb.secret, expired))).toBe(401);
    await t.settle();
    expect(await statusOf(q)).toMatchObject({ status: 'live', response: '' });
    expect(bbb.meetings.get(id)!.running).toBe(true);
  });

  it('a meeting that ends without an instructor puts the question back in the queue', async () => {
    const q = await askLive();
    expectStatus(await start(q, w.users.studentA), 200);
    t.mailer.sent.length = 0;
    expect(await bbb.fireEndCallback(meetingIdOf(q), true)).toBe(200);
    expect(await statusOf(q)).toMatchObject({ status: null, response: '' });
    // A recording of the student alone is no answer.
    expect((await bbb.publishRecording(meetingIdOf(q))).status).toBe(410);
    await t.settle();
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [w.users.studentA.email, 'Your question will be answered later'],
    ]);
  });

  it('a server that fails gives the spec error (502) and the question stays answerable by upload', async () => {
    bbb.failure = 'down';
    let q: string;
    try {
      q = await askLive(); // the room's opening fails, retried, and gives up
      const res = await start(q, w.users.adminA);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        error: 'Failed to start BigBlueButton meeting',
        code: 'BAD_GATEWAY',
      });
      const rec = await call(t, 'GET', `/api/bbb/recordResponse?questionID=${q}`, { as: w.users.adminA });
      expect(rec.statusCode).toBe(502);
      expect(rec.body).not.toContain(bbb.secret);
    } finally {
      bbb.failure = null;
    }
    expect(await statusOf(q)).toMatchObject({ status: 'live' });
    const upload = multipart(
      { questionID: q, title: 'Uploaded instead' },
      { name: 'a.mp4', data: fixture('answer-4s.mp4') },
    );
    const answered = await call(t, 'POST', '/api/upload/videoResponse', {
      as: w.users.adminA,
      payload: upload.payload,
      headers: upload.headers,
    });
    expectStatus(answered, 201);
    expect(await statusOf(q)).toMatchObject({ status: null, response: answered.json<{ id: string }>().id });
  });
});
