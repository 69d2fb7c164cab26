import { createUser } from '../../../../test/factories';
import { seedCourseMember, seedMedia, seedQuestion, seedResponse } from '../../../../test/seed';
import type { TestApp } from '../../../../test/test-app';
import { type AppFixture, type FixtureOptions, appFixture } from '../../../../test/fixture';
import { buildWorld } from '../../../../test/world';

// The shared fixture world plus what the questions tests need: a second student of A (studentA2), an
// answered and open questions on VA1, an open one on VA2, one on the unreleased VU and one in course B.

export type QuestionsWorld = Awaited<ReturnType<typeof buildQuestionsWorld>>;

export async function buildQuestionsWorld(t: TestApp) {
  const w = await buildWorld(t);
  const { studentA, adminA, studentB } = w.users;
  const studentA2 = await createUser(t.app, { name: 'Tess Student' });
  await seedCourseMember(t.db, w.A.id, studentA2.id);

  const media = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
  // Posting times a millisecond apart, in seeding order: PostgreSQL's now() can give two rows the same
  // millisecond, and the needs-response order ("earliest posted") would then be a coin toss.
  let postedAt = t.clock.now().getTime() - 60_000;
  const posted = () => ({ timePosted: new Date(postedAt++) });
  const qAnswered = await seedQuestion(t.db, w.VA1.id, studentA.id, {
    ...posted(),
    lectureId: w.LA.id,
    question: 'What is the Nyquist rate exactly?',
    timeAsked: 30,
  });
  const RA = await seedResponse(t.db, qAnswered.id, media, adminA.id, t.clock.now());
  const qOpen = await seedQuestion(t.db, w.VA1.id, studentA.id, {
    ...posted(),
    lectureId: w.LA.id,
    question: 'Secret unanswered question of Sam',
    timeAsked: 40,
  });
  const qOpenVA2 = await seedQuestion(t.db, w.VA2.id, studentA.id, {
    ...posted(),
    lectureId: w.LA.id,
    timeAsked: 3,
  });
  const qUnreleased = await seedQuestion(t.db, w.VU.id, studentA.id, { ...posted(), lectureId: w.LU.id });
  const qB = await seedQuestion(t.db, w.VB.id, studentB.id, { ...posted(), lectureId: w.LB.id });

  return {
    ...w,
    users: { ...w.users, studentA2 },
    media,
    qAnswered,
    RA,
    qOpen,
    qOpenVA2,
    qUnreleased,
    qB,
  };
}

/** The app with the questions world, for a describe block (test/fixture.ts). */
export const questionsWorldFixture = (options?: FixtureOptions): AppFixture<QuestionsWorld> =>
  appFixture(buildQuestionsWorld, options);
