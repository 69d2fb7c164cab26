import { beforeAll, describe, expect, it } from 'vitest';
import type { DuplicateLectureAnswer, LectureDto, QuestionDto, VideoWithQuestionsDto } from '@lectern/shared';
import { createUser, type TestUser } from '../../../test/factories';
import { eq } from 'drizzle-orm';
import { meetings } from '../../db/schema';
import { seedCourse, seedCourseAdmin, seedCourseMember, seedQuestion } from '../../../test/seed';
import { call, expectStatus } from '../../../test/calls';
import { questionsWorldFixture } from './test/world';

// Issue 12, items 3, 4 and 10: course ids are join codes and never leave their course; askers and the
// actions on their questions stay in the course they asked in, across concurrent and duplicate copies;
// a hidden lecture hands out nothing through the asker's own list.

const dates = {
  lectureDate: '2020-01-10T09:00:00.000Z',
  lectureDateAvailable: '2020-01-10T08:30:00.000Z',
  lectureDateStart: '2020-01-10T09:00:00.000Z',
  lectureDateEnd: '2020-01-10T10:15:00.000Z',
};

describe('course boundaries of questions, videos and joins', () => {
  const { t, w } = questionsWorldFixture();
  /** Course T: adminA duplicated LA into it concurrently (LT) and as a copy (LD); Tina co-runs it. */
  let T: { id: string };
  let adminT: TestUser;
  let studentT: TestUser;
  let LT: string;
  let LD: string;

  beforeAll(async () => {
    adminT = await createUser(t.app, { name: 'Tina AdminT' });
    studentT = await createUser(t.app, { name: 'Toby StudentT' });
    T = await seedCourse(t.db, w.users.adminA.id, { name: 'Private course T' });
    await seedCourseAdmin(t.db, T.id, adminT.id);
    await seedCourseMember(t.db, T.id, studentT.id);
    const duplicate = async (mode: 'duplicate' | 'concurrent') => {
      const res = await call(t, 'POST', '/api/lectures/duplicate', {
        as: w.users.adminA,
        payload: {
          courseID: T.id,
          lectureID: w.LA.id,
          ...dates,
          questions: [w.qAnswered.id, w.qOpen.id, w.qOpenVA2.id],
          mode,
        },
      });
      expectStatus(res, 201);
      return res.json<DuplicateLectureAnswer>().id;
    };
    LT = await duplicate('concurrent');
    LD = await duplicate('duplicate');
  });

  const videoAs = async (who: TestUser | null, query = '') => {
    const res = await call(t, 'GET', `/api/upload/${w.VA1.id}${query}`, { as: who });
    expectStatus(res, 200);
    return res;
  };

  describe('item 3: join codes stay in their course', () => {
    it('GET /api/upload/{videoId} lists only the caller’s own lectures and course ids', async () => {
      for (const who of [null, w.users.outsider, w.users.studentB]) {
        const res = await videoAs(who);
        expect(res.body).not.toContain(T.id);
        expect(res.body).not.toContain(w.A.id);
        expect(res.body).not.toContain('Private course T');
        const video = res.json<VideoWithQuestionsDto>();
        expect(video.courseID).toBe('');
        expect(video.lectures).toEqual([]);
      }
      const student = (await videoAs(w.users.studentA)).json<VideoWithQuestionsDto>();
      expect(student).toMatchObject({ lectureID: w.LA.id, courseID: w.A.id });
      expect(student.lectures).toEqual([
        { id: w.LA.id, title: 'LA', courseId: w.A.id, courseName: 'Course A' },
      ]);
      const res = await videoAs(studentT);
      expect(res.body).not.toContain(w.A.id);
      expect(res.json<VideoWithQuestionsDto>()).toMatchObject({
        lectureID: LT,
        courseID: T.id,
        lectures: [{ id: LT, courseId: T.id, courseName: 'Private course T' }],
      });
    });

    it('a duplicate copy of a student’s question does not show them the target course', async () => {
      const res = await call(t, 'GET', `/api/questions/user-questions/${w.users.studentA.id}`, {
        as: w.users.studentA,
      });
      expectStatus(res, 200);
      expect(res.body).not.toContain(T.id);
      expect(res.body).not.toContain('Private course T');
      const lectures = new Set(res.json<QuestionDto[]>().map((q) => q.lectureID));
      expect(lectures.has(LD)).toBe(false);
      expect(lectures.has(w.LA.id)).toBe(true);
    });

    it('joining a lecture (released or not) does not hand out its course id', async () => {
      for (const lecture of [w.LU, w.LA]) {
        const res = await call(t, 'POST', '/api/lectures/join', {
          as: w.users.outsider,
          payload: { lectureId: lecture.id },
        });
        expectStatus(res, 200);
        expect(res.json()).toMatchObject({ lectureId: lecture.id, courseId: '' });
        expect(res.body).not.toContain(w.A.id);
        const again = await call(t, 'POST', '/api/lectures/join', {
          as: w.users.outsider,
          payload: { lectureId: lecture.id },
        });
        expectStatus(again, 409);
        expect(again.body).not.toContain(w.A.id);
      }
      const member = await call(t, 'POST', '/api/lectures/join', {
        as: w.users.studentA,
        payload: { lectureId: w.LA.id },
      });
      expectStatus(member, 409);
      expect(member.json()).toMatchObject({ courseId: w.A.id });
    });

    it('a lecture read by link shows its course id to the course’s own people only', async () => {
      for (const who of [null, w.users.outsider, w.users.adminB]) {
        const res = await call(t, 'GET', `/api/lectures/${w.LA.id}`, { as: who });
        expectStatus(res, 200);
        expect(res.body).not.toContain(w.A.id);
        expect(res.json<LectureDto>()).toMatchObject({ courseID: '', parentCourse: { name: 'Course A' } });
      }
      for (const who of [w.users.studentA, w.users.coAdminA]) {
        const res = await call(t, 'GET', `/api/lectures/${w.LA.id}`, { as: who });
        expect(res.json<LectureDto>().courseID).toBe(w.A.id);
      }
    });
  });

  describe('item 4: an unreleased lecture hands out nothing through the asker’s list', () => {
    it('user-questions leaves out questions of lectures the asker may not see now', async () => {
      const res = await call(t, 'GET', `/api/questions/user-questions/${w.users.studentA.id}`, {
        as: w.users.studentA,
      });
      const listed = res.json<QuestionDto[]>().map((q) => q.id);
      expect(listed).toContain(w.qAnswered.id);
      expect(listed).not.toContain(w.qUnreleased.id);
      expect(res.body).not.toContain(w.VU.id);
    });
  });

  describe('item 10: askers and actions stay in the course asked in', () => {
    // Changed in issue 20: this test expected the copy's admins to list the home course's unanswered
    // questions too; now only the answered ones are shared, and an unanswered one stays in the asker's course.
    it('an admin of a concurrent copy sees the shared answered questions without their askers, and none of the other course’s unanswered ones', async () => {
      const secret = 'Secret unanswered question of Sam';
      const res = await videoAs(adminT, `?lectureId=${LT}`);
      const video = res.json<VideoWithQuestionsDto>();
      expect(video.questions.map((q) => q.id)).toContain(w.qAnswered.id);
      expect(video.questions.map((q) => q.id)).not.toContain(w.qOpen.id);
      expect(video.questions.every((q) => q.whoAsked === undefined)).toBe(true);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('Sam Student');
      expect(res.body).not.toContain(w.users.studentA.id);
      const lecture = await call(t, 'GET', `/api/questions/lecture-questions/${LT}`, { as: adminT });
      expectStatus(lecture, 200);
      expect(lecture.json<QuestionDto[]>().map((q) => q.id)).toContain(w.qAnswered.id);
      expect(lecture.body).not.toContain(w.qOpen.id);
      expect(lecture.body).not.toContain(secret);
      expect(lecture.body).not.toContain('Sam Student');
      expectStatus(await call(t, 'GET', `/api/questions/${w.qOpen.id}`, { as: adminT }), 404);
      const single = await call(t, 'GET', `/api/questions/${w.qAnswered.id}`, { as: adminT });
      expectStatus(single, 200);
      expect(single.body).not.toContain('Sam Student');
      // The home course's admins still see the unanswered question and who asked, in both lectures.
      const home = (await videoAs(w.users.coAdminA)).json<VideoWithQuestionsDto>();
      expect(home.questions.find((q) => q.id === w.qOpen.id)?.whoAsked?.name).toBe('Sam Student');
      const homeLecture = await call(t, 'GET', `/api/questions/lecture-questions/${w.LA.id}`, {
        as: w.users.coAdminA,
      });
      expect(homeLecture.body).toContain(secret);
      const homeSingle = await call(t, 'GET', `/api/questions/${w.qOpen.id}`, { as: w.users.coAdminA });
      expectStatus(homeSingle, 200);
    });

    it('a duplicate’s admins do not learn the askers of copied questions', async () => {
      const res = await call(t, 'GET', `/api/questions/lecture-questions/${LD}`, { as: adminT });
      expectStatus(res, 200);
      expect(res.json<QuestionDto[]>().length).toBeGreaterThan(0);
      expect(res.body).not.toContain('Sam Student');
    });

    it('an admin of a concurrent copy cannot act on the other course’s questions', async () => {
      const q = w.qOpen.id;
      expectStatus(
        await call(t, 'PUT', `/api/questions/${q}`, {
          as: adminT,
          payload: { question: 'Rewritten by another course', topic: '', level: 1, timeAsked: 40 },
        }),
        403,
      );
      expectStatus(
        await call(t, 'PUT', `/api/questions/status/${q}`, { as: adminT, payload: { status: 'processing' } }),
        403,
      );
      expectStatus(await call(t, 'DELETE', `/api/questions/${q}`, { as: adminT }), 403);
      const needing = await call(t, 'GET', `/api/questions/user-courses-questions/${adminT.id}`, {
        as: adminT,
      });
      expectStatus(needing, 200);
      expect(needing.json<QuestionDto[]>().map((x) => x.id)).not.toContain(q);
      expect(needing.body).not.toContain('Sam Student');
      // Unchanged, and still the home course's to handle.
      const own = await call(t, 'GET', `/api/questions/${q}`, { as: w.users.coAdminA });
      expect(own.json<QuestionDto>()).toMatchObject({
        question: 'Secret unanswered question of Sam',
        status: null,
      });
    });

    it('an admin of a concurrent copy cannot enter, start, record or end the other course’s live room', async () => {
      const live = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
        lectureId: w.LA.id,
        timeAsked: 7,
        live: true,
        status: 'live',
        question: 'A live question of course A',
      });
      await t.db.insert(meetings).values({
        questionId: live.id,
        provider: 'builtin',
        purpose: 'discussion',
        status: 'open',
        openedAt: t.clock.now(),
        meetingId: `lectern-${live.id}`,
      });
      const meeting = { questionText: 'x', questionID: live.id };
      for (const [method, url, payload] of [
        ['POST', `/api/rooms/${live.id}/join`, undefined],
        ['POST', '/api/bbb/startMeeting', meeting],
        ['GET', `/api/bbb/startMeeting?questionID=${live.id}`, undefined],
        ['POST', '/api/bbb/recordResponse', meeting],
        ['POST', `/api/meetings/${live.id}/end`, undefined],
      ] as const) {
        expectStatus(await call(t, method, url, { as: adminT, payload }), 403);
      }
      const [room] = await t.db.select().from(meetings).where(eq(meetings.questionId, live.id));
      expect(room).toMatchObject({ status: 'open', instructorJoinedAt: null });
      const own = await call(t, 'GET', `/api/questions/${live.id}`, { as: w.users.coAdminA });
      expect(own.json<QuestionDto>()).toMatchObject({ status: 'live' });
      // The course it was asked in still may.
      expectStatus(await call(t, 'POST', `/api/rooms/${live.id}/join`, { as: w.users.coAdminA }), 200);
    });

    it('a question asked in the copy is the copy’s to handle, and its asker shows there only', async () => {
      const asked = await call(t, 'POST', '/api/questions', {
        as: studentT,
        payload: { videoId: w.VA1.id, lectureId: LT, question: 'A question asked in course T', time: 12 },
      });
      expectStatus(asked, 201);
      const id = asked.json<QuestionDto>().id;
      const inT = await call(t, 'GET', `/api/questions/${id}`, { as: adminT });
      expect(inT.json<QuestionDto>().whoAsked?.name).toBe('Toby StudentT');
      // Unanswered, it is course T's alone (issue 20; this expected 200 for course A's admin before).
      expectStatus(await call(t, 'GET', `/api/questions/${id}`, { as: w.users.coAdminA }), 404);
      const inA = await call(t, 'GET', `/api/upload/${w.VA1.id}`, { as: w.users.coAdminA });
      expect(inA.body).not.toContain(id);
      expect(inA.body).not.toContain('A question asked in course T');
      expectStatus(await call(t, 'DELETE', `/api/questions/${id}`, { as: w.users.coAdminA }), 403);
      expectStatus(await call(t, 'DELETE', `/api/questions/${id}`, { as: adminT }), 204);
    });
  });
});
