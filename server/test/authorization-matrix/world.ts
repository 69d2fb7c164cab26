import { type TestUser, createUser } from '../factories';
import {
  seedCourse,
  seedCourseAdmin,
  seedCourseMember,
  seedFollowUp,
  seedLecture,
  seedMedia,
  seedQuestion,
  seedResponse,
  seedStudentAnswer,
  seedVideo,
} from '../seed';
import type { TestApp } from '../test-app';
import type { Case, Fresh, Role } from './table';

// The fixture world of SECURITY §2.3, built once per run. Cases that would change it (deletes, joins,
// edits) work on objects made for that case alone by the fresh* helpers below.

const DAY = 24 * 3_600_000;
const ROLE_USERS = ['outsider', 'studentB', 'adminB', 'studentA', 'coAdminA', 'adminA'] as const;

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(t: TestApp) {
  const now = t.clock.now();
  const [outsider, studentB, adminB, studentA, coAdminA, adminA, studentA2, victim] = (await Promise.all(
    [...ROLE_USERS, 'studentA2', 'victim'].map((name) => createUser(t.app, { name })),
  )) as TestUser[] as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];

  // Course A lets students answer classmates' questions (issue 24).
  const courseA = await seedCourse(t.db, adminA.id, { name: 'Course A', studentsAnswer: true });
  await seedCourseAdmin(t.db, courseA.id, coAdminA.id);
  // victim: a student of A whose rows no one else may touch (AC-4); studentA2: another student of A.
  for (const member of [studentA, studentA2, victim]) await seedCourseMember(t.db, courseA.id, member.id);
  const LA = await seedLecture(t.db, courseA.id, now, { title: 'Lecture A' });
  const lectureMedia = await seedMedia(t.db, t.media, 'lecture-10s.mp4', 10);
  const VA1 = await seedVideo(t.db, LA.id, { title: 'Part 1', mediaSha256: lectureMedia });
  const VA2 = await seedVideo(t.db, LA.id, { title: 'Part 2' });
  const LU = await seedLecture(t.db, courseA.id, now, {
    title: 'Unreleased',
    lectureDateAvailable: new Date(now.getTime() + DAY),
  });
  // A file of its own, used nowhere else: media is content-addressed, and a file used by anything released
  // is public.
  const hiddenMedia = await seedMedia(t.db, t.media, 'moov-at-end-5s.mp4', 5);
  const VU = await seedVideo(t.db, LU.id, { title: 'Later', mediaSha256: hiddenMedia });

  const answerMedia = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
  const qAnswered = await seedQuestion(t.db, VA1.id, studentA.id, { lectureId: LA.id, timeAsked: 3 });
  const RA = await seedResponse(t.db, qAnswered.id, answerMedia, adminA.id, now);
  const qOpen = await seedQuestion(t.db, VA1.id, studentA.id, { lectureId: LA.id, timeAsked: 4 });
  const qOpenOther = await seedQuestion(t.db, VA1.id, studentA2.id, { lectureId: LA.id, timeAsked: 5 });
  const qUnreleased = await seedQuestion(t.db, VU.id, studentA.id, { lectureId: LU.id });

  const courseB = await seedCourse(t.db, adminB.id, { name: 'Course B' });
  await seedCourseMember(t.db, courseB.id, studentB.id);
  const LB = await seedLecture(t.db, courseB.id, now, { title: 'Lecture B' });
  const VB = await seedVideo(t.db, LB.id, { title: 'B part' });
  const qB = await seedQuestion(t.db, VB.id, studentB.id, { lectureId: LB.id });

  return {
    now,
    users: { outsider, studentB, adminB, studentA, coAdminA, adminA } satisfies Record<
      (typeof ROLE_USERS)[number],
      TestUser
    >,
    studentA2,
    victim,
    media: { lecture: lectureMedia, hidden: hiddenMedia, answer: answerMedia },
    A: courseA.id,
    B: courseB.id,
    LA: LA.id,
    LU: LU.id,
    LB: LB.id,
    VA1: VA1.id,
    VA2: VA2.id,
    VU: VU.id,
    VB: VB.id,
    qAnswered: qAnswered.id,
    RA: RA.id,
    qOpen: qOpen.id,
    qOpenOther: qOpenOther.id,
    qUnreleased: qUnreleased.id,
    qB: qB.id,
  };
}

export const userOf = (w: World, role: Role): TestUser | undefined =>
  role === 'anon' || role === 'badToken' ? undefined : w.users[role];

/** The caller's id, or any id for the anonymous roles (they are refused before it matters). */
export const selfId = (c: Case): string => c.user?.id ?? c.w.victim.id;

/** A course set up like A: adminA created it, coAdminA co-administers it, studentA and victim study in it. */
export async function freshCourseA({ t, w }: Case): Promise<Fresh> {
  const course = await seedCourse(t.db, w.users.adminA.id, { name: 'Fresh course A' });
  await seedCourseAdmin(t.db, course.id, w.users.coAdminA.id);
  await seedCourseMember(t.db, course.id, w.users.studentA.id);
  await seedCourseMember(t.db, course.id, w.victim.id);
  return { course: course.id };
}

/** A released lecture of `course` (A unless given) with two videos. */
export async function freshLecture({ t, w }: Case, course = w.A): Promise<Fresh> {
  const lecture = await seedLecture(t.db, course, w.now, { title: 'Fresh lecture' });
  const v1 = await seedVideo(t.db, lecture.id, { title: 'Fresh 1' });
  const v2 = await seedVideo(t.db, lecture.id, { title: 'Fresh 2' });
  return { course, lecture: lecture.id, v1: v1.id, v2: v2.id };
}

/** A question of studentA on VA1 (on VB in course B), answered when asked for. */
export async function freshQuestion(
  { t, w }: Case,
  options: { answered?: boolean; inB?: boolean } = {},
): Promise<Fresh> {
  const [video, lecture, asker] = options.inB
    ? [w.VB, w.LB, w.users.studentB]
    : [w.VA1, w.LA, w.users.studentA];
  const q = await seedQuestion(t.db, video, asker.id, { lectureId: lecture, timeAsked: 2 });
  if (options.answered) await seedResponse(t.db, q.id, w.media.answer, w.users.adminA.id, w.now);
  return { question: q.id };
}

/** A follow-up under a fresh answered question of A, by another student of A (victim) unless `own`. */
export async function freshFollowUp(c: Case, options: { own?: boolean } = {}): Promise<Fresh> {
  const { question } = await freshQuestion(c, { answered: true });
  const author = options.own && c.user ? c.user : c.w.victim;
  const followUp = await seedFollowUp(c.t.db, question!, author.id);
  return { question: question!, followUp: followUp.id };
}

/** A question of victim (a classmate of studentA) on VA1, waiting for an answer. */
export async function freshClassmateQuestion({ t, w }: Case): Promise<Fresh> {
  const q = await seedQuestion(t.db, w.VA1, w.victim.id, { lectureId: w.LA, timeAsked: 2 });
  return { question: q.id };
}

/** victim's answer (the caller's when `own`) to a fresh waiting question of studentA (issue 24). */
export async function freshStudentAnswer(c: Case, options: { own?: boolean } = {}): Promise<Fresh> {
  const { question } = await freshQuestion(c);
  const author = options.own && c.user ? c.user : c.w.victim;
  const answer = await seedStudentAnswer(c.t.db, question!, author.id);
  return { question: question!, answer: answer.id };
}

/** A course set up like B: adminB created it, studentB studies in it. */
export async function freshCourseB({ t, w }: Case): Promise<Fresh> {
  const course = await seedCourse(t.db, w.users.adminB.id, { name: 'Fresh course B' });
  await seedCourseMember(t.db, course.id, w.users.studentB.id);
  return { course: course.id };
}
