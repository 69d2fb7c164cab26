import { createUser } from '../../../../test/factories';
import { seedCourseMember, seedMedia, seedQuestion, seedResponse } from '../../../../test/seed';
import type { TestApp } from '../../../../test/test-app';
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
  const qAnswered = await seedQuestion(t.db, w.VA1.id, studentA.id, {
    lectureId: w.LA.id,
    question: 'What is the Nyquist rate exactly?',
    timeAsked: 30,
  });
  const RA = await seedResponse(t.db, qAnswered.id, media, adminA.id, t.clock.now());
  const qOpen = await seedQuestion(t.db, w.VA1.id, studentA.id, {
    lectureId: w.LA.id,
    question: 'Secret unanswered question of Sam',
    timeAsked: 40,
  });
  const qOpenVA2 = await seedQuestion(t.db, w.VA2.id, studentA.id, { lectureId: w.LA.id, timeAsked: 3 });
  const qUnreleased = await seedQuestion(t.db, w.VU.id, studentA.id, { lectureId: w.LU.id });
  const qB = await seedQuestion(t.db, w.VB.id, studentB.id, { lectureId: w.LB.id });

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
