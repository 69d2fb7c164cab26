import { eq } from 'drizzle-orm';
import type { QuestionDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { questions } from '../../db/schema';
import { call, expectStatus } from '../../../test/calls';
import { duplicateLecture } from '../../../test/concurrent-copy';
import { worldFixture } from '../../../test/fixture';
import { seedCourse, seedMedia, seedQuestion, seedResponse } from '../../../test/seed';
import { backfillMeanings } from './meaning-backfill';
import { type SentenceMeaning, meaningCosine, sentenceMeaning } from './sentence-meaning';

// A question's meaning (sentence-meaning.ts) is kept with it wherever it is written: asked, reworded,
// copied with a duplicated lecture; and the backfill gives one to answered questions that have none.

const bytes = (m: SentenceMeaning | null | undefined) => (m ? [...m] : null);
const keptMeaning = async (id: string) =>
  (await t.db.select().from(questions).where(eq(questions.id, id)))[0]?.meaning ?? null;
/** The row keeps the meaning of `text` (up to a last bit: a text encoded in a batch may round differently). */
async function expectMeaningOf(id: string, text: string) {
  const kept = await keptMeaning(id);
  expect(kept).toHaveLength(512);
  expect(meaningCosine(kept!, (await sentenceMeaning(text))!)).toBeGreaterThan(0.999);
}

const { t, w } = worldFixture();

describe("a question's kept meaning", () => {
  it('is written when the question is asked, again when its text is reworded, and not otherwise', async () => {
    const text = 'Why does the rifle kick back when it is fired?';
    const asked = await call(t, 'POST', '/api/questions', {
      as: w.users.studentA,
      payload: { question: text, videoId: w.VA1.id, time: 3 },
    });
    expectStatus(asked, 201);
    const id = asked.json<QuestionDto>().id;
    await expectMeaningOf(id, text);

    const edit = (question: string, level: number) =>
      call(t, 'PUT', `/api/questions/${id}`, {
        as: w.users.adminA,
        payload: { question, topic: '', level, timeAsked: 3, deleteResponse: false },
      });
    const reworded = 'Why does a gun recoil?';
    expectStatus(await edit(reworded, 1), 200);
    await expectMeaningOf(id, reworded);
    // Another field changed, the text not: the kept meaning stays as it is.
    await t.db.update(questions).set({ meaning: null }).where(eq(questions.id, id));
    expectStatus(await edit(reworded, 2), 200);
    expect(await keptMeaning(id)).toBeNull();
  });

  it('comes with the questions a duplicated lecture brings along', async () => {
    const target = await seedCourse(t.db, w.users.adminA.id, { name: 'Next term' });
    const original = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      lectureId: w.LA.id,
      question: 'What does the sampling theorem promise?',
    });
    const res = await duplicateLecture(
      t,
      w.users.adminA,
      { courseId: target.id, lectureId: w.LA.id },
      'duplicate',
      [original.id],
    );
    expectStatus(res, 201);
    const copies = await t.db
      .select()
      .from(questions)
      .where(eq(questions.question, 'What does the sampling theorem promise?'));
    expect(copies).toHaveLength(2);
    expect(bytes(copies[0]!.meaning)).toEqual(bytes(original.meaning));
    expect(bytes(copies[1]!.meaning)).toEqual(bytes(original.meaning));
  });

  it('is filled in by the backfill for answered questions that have none, and only for them', async () => {
    const sha = await seedMedia(t.db, t.media, 'lecture-10s.mp4', 42);
    const seed = (question: string) => seedQuestion(t.db, w.VA2.id, null, { question, meaning: null });
    const answered = await seed('Why is the sky blue in the afternoon?');
    await seedResponse(t.db, answered.id, sha, w.users.adminA.id);
    const waiting = await seed('Why is the sea blue in the morning?');
    // (How many this run fills is not asserted: the app's own backfill job may take a row first.)
    await backfillMeanings(t.db);
    await expectMeaningOf(answered.id, answered.question);
    // A waiting question is never a candidate: it is encoded when the instructor's list matches it.
    expect(await keptMeaning(waiting.id)).toBeNull();
    expect(await backfillMeanings(t.db)).toBe(0);
  });
});
