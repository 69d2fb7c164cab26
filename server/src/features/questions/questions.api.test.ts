import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type QuestionDto, VALIDATION } from '@lectern/shared';
import { questions, responses } from '../../db/schema';
import { call, expectStatus } from '../../../test/calls';
import { createUser } from '../../../test/factories';
import { seedCourseMember } from '../../../test/seed';
import { questionsWorldFixture } from './test/world';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

describe('questions: ask, read, edit, delete, status', () => {
  const { t, w } = questionsWorldFixture();

  const rowOf = async (id: string) => (await t.db.select().from(questions).where(eq(questions.id, id)))[0];
  const ask = (overrides: Record<string, unknown> = {}, as = w.users.studentA) =>
    call(t, 'POST', '/api/questions', {
      as,
      payload: {
        question: 'How does aliasing fold frequencies?',
        videoId: w.VA1.id,
        time: 12,
        live: false,
        ...overrides,
      },
    });

  describe('POST /api/questions', () => {
    it('refuses anonymous callers, bad fields, unknown and hidden videos, outsiders', async () => {
      expectStatus(
        await call(t, 'POST', '/api/questions', {
          payload: { question: 'x'.repeat(20), videoId: w.VA1.id, time: 1, live: false },
        }),
        401,
      );
      // Refused requests count toward the 10-a-minute limit too (it runs before parsing), so the bad
      // fields are tried by a student of their own.
      const checker = await createUser(t.app, { name: 'Val Idator' });
      await seedCourseMember(t.db, w.A.id, checker.id);
      const short = await ask({ question: '  0123456789  ' }, checker);
      expectStatus(short, 400);
      expect(short.json().error).toBe(VALIDATION.questionTooShort);
      expectStatus(await ask({ question: 'x'.repeat(2001) }, checker), 400);
      expectStatus(await ask({ time: -1 }, checker), 400);
      expectStatus(await ask({ time: 5000 }, checker), 400); // beyond the video's 212 s
      expectStatus(await ask({ videoId: 'nope' }, checker), 400);
      expectStatus(await ask({ ratings: 5 }, checker), 400);
      expectStatus(await ask({ videoId: UNKNOWN }), 404);
      expectStatus(await ask({ videoId: w.VU.id }), 404); // unreleased
      for (const outsider of [w.users.outsider, w.users.adminB, w.users.studentB])
        expectStatus(await ask({}, outsider), 403);
      expectStatus(await ask({ userID: w.users.studentA2.id }), 403);
      expectStatus(await ask({ lectureId: w.LB.id }), 404);
    });

    it('creates the question as the caller, with the spec fields, and mails the admins', async () => {
      t.mailer.sent.length = 0;
      const res = await ask({ userID: w.users.studentA.id, question: '  Eleven char  ' });
      expectStatus(res, 201);
      const q = res.json<QuestionDto>();
      expect(q).toMatchObject({
        _id: q.id,
        question: 'Eleven char',
        timeAsked: 12,
        whoAsked: { id: w.users.studentA.id, name: 'Sam Student' },
        status: null,
        response: '',
        ratings: 0,
        userVotes: {},
        lectureID: w.LA.id,
        lectureName: 'LA',
        courseId: w.A.id,
        courseName: 'Course A',
        videoId: w.VA1.id,
        videoTitle: 'VA1',
        live: false,
      });
      expect(q.timePosted).toBe(t.clock.now().toISOString());
      expect((await rowOf(q.id))?.askerId).toBe(w.users.studentA.id);
      await t.settle();
      const to = t.mailer.sent.map((m) => m.to).sort();
      expect(to).toEqual([w.users.adminA.email, w.users.coAdminA.email].sort());
      expect(t.mailer.sent[0]!.subject).toBe('New question in Course A: Eleven char');
      expect(t.mailer.sent[0]!.text).toContain(`${t.config.publicUrl}/respond/${q.id}`);
    });

    it('is live only inside the lecture live window', async () => {
      const inside = await ask({ live: true });
      expect(inside.json<QuestionDto>()).toMatchObject({ live: true, status: 'live' });
      t.clock.advance(2 * HOUR); // the window closed half an hour ago
      const after = await ask({ live: true });
      expectStatus(after, 201);
      expect(after.json<QuestionDto>()).toMatchObject({ live: false, status: null });
      t.clock.advance(-2 * HOUR);
    });

    it('limits a user to 10 questions a minute', async () => {
      const asker = w.users.studentA2;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await ask({}, asker)).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('GET /api/questions/:id', () => {
    it('401, 400, 404, 403, then by role', async () => {
      expectStatus(await call(t, 'GET', `/api/questions/${w.qOpen.id}`), 401);
      expectStatus(await call(t, 'GET', '/api/questions/bad', { as: w.users.studentA }), 400);
      expectStatus(await call(t, 'GET', `/api/questions/${UNKNOWN}`, { as: w.users.studentA }), 404);
      expectStatus(await call(t, 'GET', `/api/questions/${w.qOpen.id}`, { as: w.users.outsider }), 403);
      expectStatus(await call(t, 'GET', `/api/questions/${w.qOpen.id}`, { as: w.users.adminB }), 403);
      expectStatus(await call(t, 'GET', `/api/questions/${w.qOpen.id}`, { as: w.users.studentA2 }), 404);
      expectStatus(await call(t, 'GET', `/api/questions/${w.qUnreleased.id}`, { as: w.users.studentA }), 404);
      const own = await call(t, 'GET', `/api/questions/${w.qOpen.id}`, { as: w.users.studentA });
      expect(own.json<QuestionDto>().whoAsked?.id).toBe(w.users.studentA.id);
      const other = await call(t, 'GET', `/api/questions/${w.qAnswered.id}`, { as: w.users.studentA2 });
      expectStatus(other, 200);
      expect(other.json<QuestionDto>()).not.toHaveProperty('whoAsked');
      const admin = await call(t, 'GET', `/api/questions/${w.qOpen.id}`, { as: w.users.coAdminA });
      expect(admin.json<QuestionDto>().whoAsked).toEqual({
        id: w.users.studentA.id,
        name: 'Sam Student',
        anonymous: false,
      });
    });
  });

  describe('PUT /api/questions/:id', () => {
    const body = {
      question: 'Edited question text',
      topic: 'T',
      level: 3,
      timeAsked: 7,
      deleteResponse: false,
    };
    it('401, 400, 404, 403 for students (even the asker) and other courses, nothing changed', async () => {
      const url = `/api/questions/${w.qAnswered.id}`;
      expectStatus(await call(t, 'PUT', url, { payload: body }), 401);
      expectStatus(await call(t, 'PUT', url, { as: w.users.adminA, payload: { ...body, level: 6 } }), 400);
      expectStatus(await call(t, 'PUT', url, { as: w.users.adminA, payload: { ...body, ratings: 9 } }), 400);
      expectStatus(
        await call(t, 'PUT', `/api/questions/${UNKNOWN}`, { as: w.users.adminA, payload: body }),
        404,
      );
      for (const who of [w.users.studentA, w.users.adminB, w.users.outsider])
        expectStatus(await call(t, 'PUT', url, { as: who, payload: body }), 403);
      expect((await rowOf(w.qAnswered.id))?.question).toBe('What is the Nyquist rate exactly?');
    });

    it('edits; deleteResponse returns the question to unanswered', async () => {
      const q = await ask();
      const id = q.json<QuestionDto>().id;
      const edited = await call(t, 'PUT', `/api/questions/${id}`, { as: w.users.coAdminA, payload: body });
      expectStatus(edited, 200);
      expect(edited.json<QuestionDto>()).toMatchObject({
        question: 'Edited question text',
        level: 3,
        timeAsked: 7,
        topic: 'T',
      });
      const cleared = await call(t, 'PUT', `/api/questions/${w.qAnswered.id}`, {
        as: w.users.adminA,
        payload: { ...body, deleteResponse: true },
      });
      expect(cleared.json<QuestionDto>()).toMatchObject({ response: '', status: null, answeredAt: null });
      expect((await rowOf(w.qAnswered.id))?.responseId).toBeNull();
      // The answer no question uses any more is gone, with its file.
      expect(await t.db.select().from(responses).where(eq(responses.id, w.RA.id))).toEqual([]);
      expect(await t.media.exists(w.media)).toBe(false);
    });
  });

  describe('PUT /api/questions/status/:id and DELETE /api/questions/:id', () => {
    it('status: admins only', async () => {
      const url = `/api/questions/status/${w.qOpen.id}`;
      const payload = { status: 'processing' };
      expectStatus(await call(t, 'PUT', url, { payload }), 401);
      expectStatus(await call(t, 'PUT', url, { as: w.users.adminA, payload: { status: 'live' } }), 400);
      expectStatus(
        await call(t, 'PUT', `/api/questions/status/${UNKNOWN}`, { as: w.users.adminA, payload }),
        404,
      );
      for (const who of [w.users.studentA, w.users.adminB])
        expectStatus(await call(t, 'PUT', url, { as: who, payload }), 403);
      expect((await rowOf(w.qOpen.id))?.status).toBeNull();
      const res = await call(t, 'PUT', url, { as: w.users.adminA, payload });
      expect(res.json<QuestionDto>().status).toBe('processing');
    });

    it('delete: admins only', async () => {
      const url = `/api/questions/${w.qOpenVA2.id}`;
      expectStatus(await call(t, 'DELETE', url), 401);
      expectStatus(await call(t, 'DELETE', '/api/questions/bad', { as: w.users.adminA }), 400);
      expectStatus(await call(t, 'DELETE', `/api/questions/${UNKNOWN}`, { as: w.users.adminA }), 404);
      for (const who of [w.users.studentA, w.users.adminB, w.users.outsider])
        expectStatus(await call(t, 'DELETE', url, { as: who }), 403);
      expect(await rowOf(w.qOpenVA2.id)).toBeDefined();
      expectStatus(await call(t, 'DELETE', url, { as: w.users.coAdminA }), 204);
      expect(await rowOf(w.qOpenVA2.id)).toBeUndefined();
    });
  });
});
