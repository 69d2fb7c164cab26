import { eq } from 'drizzle-orm';
import * as schema from '../../src/db/schema';
import { questionBody, videoResponseBody } from './routes-questions';
import { type Case, type Fresh, type Payload, type Row, anyone, nobody } from './table';
import { freshCourseB, freshLecture, freshQuestion } from './world';

// SECURITY AC-4: a path or body naming another user (victim, a student of A) is refused or acts on the
// caller only; either way the victim's rows stay as they were.

const variant = "another user's id";
const victimOf = (c: Case) => c.w.victim.id;

/** The victim's rows a call could touch. */
const victimRows = async ({ t, w }: Case) => {
  const id = w.victim.id;
  return {
    user: await t.db.select().from(schema.users).where(eq(schema.users.id, id)),
    admins: await t.db.select().from(schema.courseAdmins).where(eq(schema.courseAdmins.userId, id)),
    members: await t.db.select().from(schema.courseMembers).where(eq(schema.courseMembers.userId, id)),
    lectures: await t.db.select().from(schema.lectureMembers).where(eq(schema.lectureMembers.userId, id)),
    questions: await t.db.select().from(schema.questions).where(eq(schema.questions.askerId, id)),
    votes: await t.db.select().from(schema.questionVotes).where(eq(schema.questionVotes.userId, id)),
    responses: await t.db.select().from(schema.responses).where(eq(schema.responses.posterId, id)),
    events: await t.db.select().from(schema.usageEvents).where(eq(schema.usageEvents.userId, id)),
  };
};

const pathRow = (route: string): Row => ({
  method: 'GET',
  route,
  variant,
  url: (c) => route.replace(':userId', victimOf(c)),
  expect: nobody(403),
  mutates: false,
});

const bodyRow = (
  method: Row['method'],
  route: string,
  expect: Row['expect'],
  payload: (c: Case, f: Fresh) => Payload,
  fresh?: Row['fresh'],
): Row => ({
  method,
  route,
  variant,
  fresh,
  url: (_c, f) => route.replace(':questionId', f.question ?? ''),
  payload,
  expect,
  mutates: true,
  untouched: (c) => victimRows(c),
});

const courseAndLectureOfB = async (c: Case) => freshLecture(c, (await freshCourseB(c)).course);

export const foreignIdRows: Row[] = [
  pathRow('/api/courses/user-courses/:userId'),
  pathRow('/api/questions/user-questions/:userId'),
  pathRow('/api/questions/user-courses-questions/:userId'),
  bodyRow('POST', '/api/notification', nobody(403), (c) => ({ body: { userId: victimOf(c) } })),
  bodyRow('POST', '/api/notification/update-notification', nobody(403), (c) => ({
    body: {
      userId: victimOf(c),
      receiveEmailsSubmittingQuestion: false,
      receiveEmailsAnsweredQuestion: false,
    },
  })),
  bodyRow('PUT', '/api/login/updatePassword', nobody(403), (c) => ({
    body: { userId: victimOf(c), oldPassword: c.user?.password ?? 'x', newPassword: 'taken over at last' },
  })),
  bodyRow(
    'PUT',
    '/api/questions/ratings/:questionId',
    nobody(403),
    (c) => ({ body: { userId: victimOf(c), voteOptions: 'UP' } }),
    (c) => freshQuestion(c, { answered: true }),
  ),
  bodyRow('POST', '/api/questions', nobody(403), (c) => questionBody(c.w.VA1, { userID: victimOf(c) })),
  bodyRow('POST', '/api/courses', nobody(403), (c) => ({
    body: { name: 'Not yours', description: 'Made for someone else', adminId: victimOf(c) },
  })),
  bodyRow(
    'POST',
    '/api/courses/join',
    nobody(403),
    (c, f) => ({ body: { courseId: f.course, userId: victimOf(c) } }),
    freshCourseB,
  ),
  bodyRow(
    'POST',
    '/api/lectures/join',
    nobody(403),
    (c, f) => ({ body: { lectureId: f.lecture, userId: victimOf(c) } }),
    courseAndLectureOfB,
  ),
  bodyRow(
    'POST',
    '/api/upload/videoResponse',
    nobody(403),
    (c, f) => videoResponseBody(f.question!, { posterID: victimOf(c) }),
    (c) => freshQuestion(c),
  ),
  bodyRow('POST', '/api/logging/log', anyone(201), (c) => ({
    body: { action: 'videoPauseLecture', userID: victimOf(c), videoID: c.w.VA1, videoTime: 4 },
  })),
];
