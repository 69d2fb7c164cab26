import { eq, sql } from 'drizzle-orm';
import type { SuggestionDto } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, suggestionAcceptances } from '../../db/schema';
import { SUGGESTION_THRESHOLD } from './match-score';
import { type Match, scoredCandidates, scoredCandidatesOfMany } from './matcher';
import { SUGGESTIONS_PER_MINUTE } from './suggestions.routes';
import { call, expectStatus } from '../../../test/calls';
import { statementsDuring } from '../../../test/query-log';
import { concurrentCopyOfLA } from '../../../test/concurrent-copy';
import { type TestUser, createUser } from '../../../test/factories';
import { seedCourseMember, seedMedia, seedQuestion, seedResponse } from '../../../test/seed';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { type World, buildWorld } from '../../../test/world';

// Suggestions while typing (issue 24): what is found, and what never is, for every role.

let t: TestApp;
let w: World;
const q: Record<'answered' | 'unanswered' | 'unreleased' | 'otherCourse' | 'otherVideo', string> = {
  answered: '',
  unanswered: '',
  unreleased: '',
  otherCourse: '',
  otherVideo: '',
};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const sha = await seedMedia(t.db, t.media, 'lecture-10s.mp4', 42);
  const { studentA, studentB, adminA, adminB } = w.users;
  const ask = async (videoId: string, asker: TestUser, text: string, time: number, answerBy?: TestUser) => {
    const question = await seedQuestion(t.db, videoId, asker.id, { question: text, timeAsked: time });
    if (answerBy) await seedResponse(t.db, question.id, sha, answerBy.id);
    return question.id;
  };
  q.answered = await ask(
    w.VA1.id,
    studentA,
    'Why is the acceleration negative at the top of the throw?',
    751,
    adminA,
  );
  q.unanswered = await ask(
    w.VA1.id,
    studentA,
    'Why is the acceleration of the ball negative at the top?',
    700,
  );
  q.otherVideo = await ask(
    w.VA2.id,
    studentA,
    'Is the acceleration negative when the ball falls back?',
    30,
    adminA,
  );
  q.unreleased = await ask(
    w.VU.id,
    adminA,
    'Why is momentum conserved in this elastic collision?',
    20,
    adminA,
  );
  q.otherCourse = await ask(
    w.VB.id,
    studentB,
    'Why is the acceleration negative at the top of the throw?',
    751,
    adminB,
  );
});
afterAll(() => t.close());

const url = (videoId: string, text: string, time = 760) =>
  `/api/videos/${videoId}/suggestions?q=${encodeURIComponent(text)}&t=${time}`;

async function suggest(who: TestUser | null, videoId: string, text: string, time?: number) {
  const res = await call(t, 'GET', url(videoId, text, time), { as: who });
  expectStatus(res, 200);
  return res.json<SuggestionDto[]>();
}
const ids = (list: SuggestionDto[]) => list.map((s) => s.questionId);
const PARAPHRASE = 'how come the acceleration is negative at the highest point of the throw';

describe('suggestions while typing', () => {
  it('suggests the answered question asked nearby, with its moment, text and answer, and no asker', async () => {
    const [first, ...rest] = await suggest(w.users.studentA, w.VA1.id, PARAPHRASE);
    expect(first).toEqual({
      questionId: q.answered,
      videoId: w.VA1.id,
      time: 751,
      question: 'Why is the acceleration negative at the top of the throw?',
      answer: { kind: 'video', responseId: expect.any(String), durationSeconds: 42 },
    });
    expect(rest.length).toBeLessThanOrEqual(2);
    expect(JSON.stringify(first)).not.toContain(w.users.studentA.id);
  });

  it("costs two statements: the lectures holding the video with the caller's standing, then the candidates", async () => {
    const text = 'Why is the acceleration negative at the top?';
    await suggest(w.users.studentA, w.VA1.id, text); // the session read and cached
    const statements = await statementsDuring(t.db, () => suggest(w.users.studentA, w.VA1.id, text));
    // Nor a shared rate-limit counter on PostgreSQL: the limit is counted in memory.
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain('"course_admins"');
    expect(statements[1]).toContain('scope_videos');
  });

  it('answers a student 120 times a minute, then 429 until the minute is over', async () => {
    const typist = await createUser(t.app, { name: 'Fast Typist' });
    await seedCourseMember(t.db, w.A.id, typist.id);
    for (let i = 0; i < SUGGESTIONS_PER_MINUTE; i++) await suggest(typist, w.VA1.id, 'why');
    const refused = await call(t, 'GET', url(w.VA1.id, 'why'), { as: typist });
    expectStatus(refused, 429);
    expect(refused.json<{ error: string }>().error).toMatch(/^Too many requests, please try again in \d+ s$/);
    // Another student's box is not held up by it.
    await suggest(w.users.studentA, w.VA1.id, 'why');
  });

  it('weighs the same video and moment over the rest of the lecture', async () => {
    const text = 'so is the acceleration negative?';
    // The other video's question is shown after the nearby one, or (word vectors, docs/decisions.md) not at all.
    expect(ids(await suggest(w.users.studentA, w.VA1.id, text, 751))[0]).toBe(q.answered);
    expect(ids(await suggest(w.users.studentA, w.VA2.id, text, 30))[0]).toBe(q.otherVideo);
  });

  it('never suggests an unanswered question, nor one of another course', async () => {
    for (const who of [w.users.studentA, w.users.adminA, w.users.coAdminA]) {
      const list = ids(await suggest(who, w.VA1.id, PARAPHRASE));
      expect(list).not.toContain(q.unanswered);
      expect(list).not.toContain(q.otherCourse);
    }
    expect(ids(await suggest(w.users.studentB, w.VB.id, PARAPHRASE))).toEqual([q.otherCourse]);
  });

  it('suggests from an unreleased lecture to its admins only', async () => {
    const text = 'why is the momentum conserved during the elastic collision';
    // (A student may be shown the acceleration question asked at this moment: to the sentence encoder, "why
    // is … conserved in the collision" and "why is … negative at the top" are alike in form.)
    expect(ids(await suggest(w.users.studentA, w.VA1.id, text))).not.toContain(q.unreleased);
    expect(ids(await suggest(w.users.adminA, w.VA1.id, text))[0]).toBe(q.unreleased);
    // The unreleased lecture's own video is hidden from its students, as everywhere.
    expectStatus(await call(t, 'GET', url(w.VU.id, text), { as: w.users.studentA }), 404);
  });

  it('shows an answer once, however many questions it answers', async () => {
    const [first] = await suggest(w.users.studentA, w.VA1.id, PARAPHRASE);
    const answer = first!.answer.responseId;
    // The same answer reused for another asking of the same question, a little further from the moment.
    const again = await seedQuestion(t.db, w.VA1.id, w.users.coAdminA.id, {
      question: first!.question,
      timeAsked: first!.time - 30,
    });
    await t.db.update(questions).set({ responseId: answer }).where(eq(questions.id, again.id));
    const shown = await suggest(w.users.studentA, w.VA1.id, PARAPHRASE);
    expect(shown.filter((s) => s.answer.responseId === answer).map((s) => s.questionId)).toEqual([
      q.answered,
    ]);
  });

  it('suggests nothing to someone outside the course, and asks a visitor to sign in', async () => {
    expect(await suggest(w.users.outsider, w.VA1.id, PARAPHRASE)).toEqual([]);
    expect(await suggest(w.users.adminB, w.VA1.id, PARAPHRASE)).toEqual([]);
    expectStatus(await call(t, 'GET', url(w.VA1.id, PARAPHRASE), { as: null }), 401);
  });

  it('reaches the answered questions of a concurrent copy through the shared video', async () => {
    const { LT, T } = await concurrentCopyOfLA(t, w);
    const studentT = await createUser(t.app, { name: 'Tom StudentT' });
    await seedCourseMember(t.db, T.id, studentT.id);
    const res = await call(t, 'GET', `${url(w.VA1.id, PARAPHRASE)}&lectureId=${LT}`, { as: studentT });
    expectStatus(res, 200);
    expect(ids(res.json<SuggestionDto[]>())[0]).toBe(q.answered);
  });

  it('finds a paraphrase by its meaning where its words alone fall short', async () => {
    const gun = await seedQuestion(t.db, w.VA2.id, w.users.studentB.id, {
      question: 'Why does a gun recoil when fired?',
      timeAsked: 400,
    });
    await seedResponse(
      t.db,
      gun.id,
      await seedMedia(t.db, t.media, 'lecture-10s.mp4', 42),
      w.users.adminA.id,
    );
    const place = { videoId: w.VA2.id, time: 460, lectureId: null };
    const scope = { videoIds: sql`select ${w.VA2.id}::uuid`, listed: sql`true` };
    // One word shared: words alone would not show it (below their threshold), their meaning does.
    const shared = 'why does the rifle recoil when you shoot it';
    const [match] = await scoredCandidates(t.db, shared, place, scope);
    expect(match!.questionId).toBe(gun.id);
    expect(match!.likeness!.words * match!.likeness!.nearness).toBeLessThan(SUGGESTION_THRESHOLD);
    expect(ids(await suggest(w.users.studentA, w.VA2.id, shared, 460))).toEqual([gun.id]);
    // No word shared: a candidate (asked nearby on the same video), and the most alike in meaning. The
    // sentence encoder reads "kick back" as "recoil"; the mean of the word vectors does not.
    const kickBack = 'why does the rifle kick back';
    const [nearby] = await scoredCandidates(t.db, kickBack, { ...place, time: 400 }, scope);
    expect(nearby!.questionId).toBe(gun.id);
    expect(nearby!.likeness!.sentence).toBeGreaterThan(0.65);
    expect(nearby!.likeness!.vectors).toBeLessThan(nearby!.likeness!.sentence!);
    expect(ids(await suggest(w.users.studentA, w.VA2.id, kickBack, 400))).toEqual([gun.id]);
    // A question on something else is still suggested nothing.
    const unrelated = 'which chapter of the textbook covers entropy and heat engines';
    expect(ids(await suggest(w.users.studentA, w.VA2.id, unrelated, 400))).toEqual([]);
  });

  it('encodes the typed text only when its ranking may need it, and ranks the same candidates', async () => {
    const input = { text: PARAPHRASE, place: { videoId: w.VA1.id, time: 760, lectureId: null } };
    const scope = { videoIds: sql`select ${w.VA1.id}::uuid`, listed: sql`true` };
    const [encoded] = await scoredCandidatesOfMany(t.db, [input], scope);
    expect(encoded!.find((m) => m.questionId === q.answered)!.likeness!.sentence).toBeGreaterThan(0.5);
    const [skipped] = await scoredCandidatesOfMany(t.db, [input], scope, () => false);
    expect(skipped!.map((m) => m.likeness!.sentence)).toEqual(skipped!.map(() => null));
    const questionIds = (matches: Match[]) => matches.map((m) => m.questionId).sort();
    expect(questionIds(skipped!)).toEqual(questionIds(encoded!));
  });

  it('suggests nothing for a question about something else', async () => {
    const text = 'which chapter of the textbook covers entropy and heat engines';
    expect(await suggest(w.users.studentA, w.VA1.id, text)).toEqual([]);
  });

  it('answers an empty query with nothing, and refuses a huge or binary one', async () => {
    expect(await suggest(w.users.studentA, w.VA1.id, '')).toEqual([]);
    expect(await suggest(w.users.studentA, w.VA1.id, '  ?! ')).toEqual([]);
    for (const bad of ['x'.repeat(1001), 'why\u0000is\u0001this', '\u00ff\u0002\u0003']) {
      expectStatus(await call(t, 'GET', url(w.VA1.id, bad), { as: w.users.studentA }), 400);
    }
    const noQuery = await call(t, 'GET', `/api/videos/${w.VA1.id}/suggestions`, { as: w.users.studentA });
    expectStatus(noQuery, 400);
  });
});

describe('"This answers my question"', () => {
  const accept = (who: TestUser | null, videoId: string, questionId: string) =>
    call(t, 'POST', `/api/videos/${videoId}/suggestions/${questionId}/accepted`, { as: who });
  const counted = async (questionId: string) =>
    (await t.db.select().from(suggestionAcceptances).where(eq(suggestionAcceptances.questionId, questionId)))
      .length;

  it('is counted once per student and question', async () => {
    expectStatus(await accept(w.users.studentA, w.VA1.id, q.answered), 204);
    expectStatus(await accept(w.users.studentA, w.VA1.id, q.answered), 204);
    expect(await counted(q.answered)).toBe(1);
  });

  it('is refused for a question that could not have been suggested', async () => {
    expectStatus(await accept(w.users.studentA, w.VA1.id, q.unanswered), 404);
    expectStatus(await accept(w.users.studentA, w.VA1.id, q.otherCourse), 404);
    expectStatus(await accept(w.users.studentA, w.VA1.id, q.unreleased), 404);
    expectStatus(await accept(w.users.outsider, w.VA1.id, q.answered), 404);
    expectStatus(await accept(null, w.VA1.id, q.answered), 401);
    expect(await counted(q.unanswered)).toBe(0);
    expect(await counted(q.unreleased)).toBe(0);
  });
});

describe('suggestions of answers in words (issue 24)', () => {
  it('says a text answer is text, with no length', async () => {
    const asked = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      question: 'What does the slope of the velocity graph mean?',
      timeAsked: 300,
    });
    const res = await call(t, 'PUT', `/api/questions/${asked.id}/answer-text`, {
      as: w.users.adminA,
      payload: { text: 'The slope of $v(t)$ is the acceleration.' },
    });
    expectStatus(res, 200);
    const found = await suggest(w.users.studentA, w.VA1.id, 'what is the slope of the velocity graph', 300);
    expect(found.find((s) => s.questionId === asked.id)?.answer).toEqual({
      kind: 'text',
      responseId: expect.any(String),
      durationSeconds: null,
    });
  });
});
