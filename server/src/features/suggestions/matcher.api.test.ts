import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, videos } from '../../db/schema';
import { seedMedia, seedQuestion, seedResponse } from '../../../test/seed';
import { call, expectStatus } from '../../../test/calls';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { type World, buildWorld } from '../../../test/world';
import { CANDIDATES, type MatchScope, NEARBY_CANDIDATES, scoredCandidates } from './matcher';

// The matcher's candidate read (issue 24): questions sharing an English stem with the text, and those whose
// stems only share trigrams with it (a word still being typed, a typo), at most CANDIDATES of them, those
// sharing a stem first (docs/decisions.md, "The suggestion request's cost"); and, whatever their words, the
// answered questions nearest in time on the student's own recording, for the word vectors (NEARBY_CANDIDATES).
// The lexical part is read from a place on another video, which has no answered question in scope.

let t: TestApp;
let w: World;
let answer = '';
let media = '';
const scopeOf = (videoId: string): MatchScope => ({
  videoIds: sql`select ${videoId}::uuid`,
  listed: sql`true`,
});
const place = (videoId: string) => ({ videoId, time: 0, lectureId: null });
/** A place on a video with no answered question in these scopes: no nearby candidates. */
const elsewhere = () => place(w.VU.id);

async function answered(videoId: string, texts: string[]): Promise<string[]> {
  const rows = await t.db
    .insert(questions)
    .values(texts.map((question) => ({ videoId, askerId: w.users.studentA.id, question, timeAsked: 5 })))
    .returning({ id: questions.id });
  await t.db.execute(sql`update questions set response_id = ${answer}::uuid
    where id in (${sql.join(
      rows.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    )})`);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  media = await seedMedia(t.db, t.media, 'lecture-10s.mp4', 42);
  const first = await seedQuestion(t.db, w.VA2.id, w.users.studentA.id, { question: 'Pendulum?' });
  answer = (await seedResponse(t.db, first.id, media, w.users.adminA.id)).id;
});
afterAll(() => t.close());

describe('the candidates of a text', () => {
  it('are the questions sharing a stem, and those whose stems share only trigrams with it', async () => {
    const [stem, trigramsOnly, neither] = await answered(w.VA1.id, [
      'Why is the acceleration negative here?',
      'Accelerations?',
      'What does the integral mean?',
    ]);
    // "acceleratin" (a typo) stems to itself: no stem in common with either question, trigrams with both.
    const typo = (await scoredCandidates(t.db, 'acceleratin negative', elsewhere(), scopeOf(w.VA1.id))).map(
      (m) => m.questionId,
    );
    expect(typo).toContain(stem);
    expect(typo).toContain(trigramsOnly);
    expect(typo).not.toContain(neither);
    const whole = await scoredCandidates(t.db, 'acceleration', elsewhere(), scopeOf(w.VA1.id));
    expect(whole.map((m) => m.questionId).sort()).toEqual([stem, trigramsOnly].sort());
    // On their own video, the one sharing nothing is a candidate too: the word vectors may find it alike.
    const near = await scoredCandidates(t.db, 'acceleration', place(w.VA1.id), scopeOf(w.VA1.id));
    expect(near.map((m) => m.questionId).sort()).toEqual([stem, trigramsOnly, neither].sort());
  });

  it(`are at most ${CANDIDATES}, those sharing a stem before those sharing trigrams only`, async () => {
    const video = w.VB.id;
    const [trigramsOnly] = await answered(video, ['Pendulums?']);
    const sharing = await answered(
      video,
      Array.from({ length: CANDIDATES }, (_, i) => `Why does the pendulum swing ${i} times?`),
    );
    const found = await scoredCandidates(t.db, 'pendulu swing', elsewhere(), scopeOf(video));
    expect(found).toHaveLength(CANDIDATES);
    expect(new Set(found.map((m) => m.questionId))).toEqual(new Set(sharing));
    expect(found.map((m) => m.questionId)).not.toContain(trigramsOnly);
    // From the video itself, words shared or not, at most NEARBY_CANDIDATES more.
    const unrelated = await scoredCandidates(t.db, 'mitochondria membrane', place(video), scopeOf(video));
    expect(unrelated).toHaveLength(NEARBY_CANDIDATES);
  });
});

describe('the same recording', () => {
  const video = async (youtubeUrl: string) =>
    (
      await t.db
        .insert(videos)
        .values({ title: 'Lecture 3', sourceType: 'youtubeLink', youtubeUrl })
        .returning({ id: videos.id })
    )[0]!.id;
  const within = (...ids: string[]): MatchScope => ({
    videoIds: sql`select unnest(${`{${ids.join(',')}}`}::uuid[])`,
    listed: sql`true`,
  });

  it("is the student's video or a copy of it (next term's), near in time whatever the words", async () => {
    const link = 'https://www.youtube.com/watch?v=recording3';
    const [lastTerm, thisTerm, other] = [
      await video(link),
      await video(link),
      await video('https://youtu.be/x'),
    ];
    const [onCopy] = await answered(lastTerm, ['Why does a gun recoil when fired?']);
    const [onOther] = await answered(other, ['Why does a gun recoil when fired?']);
    const scope = within(lastTerm, thisTerm, other);
    const here = { videoId: thisTerm, time: 5, lectureId: null };
    // Sharing no word: a candidate only as asked at this moment of the same recording.
    const unworded = await scoredCandidates(t.db, 'rifle kick back', here, scope);
    expect(unworded.map((m) => m.questionId)).toEqual([onCopy]);
    // Sharing words: both, and the copy's weighed as if asked on this very video.
    const worded = await scoredCandidates(t.db, 'why does a gun recoil', here, scope);
    const nearnessOf = (id: string | undefined) =>
      worded.find((m) => m.questionId === id)!.likeness!.nearness;
    expect(nearnessOf(onOther)).toBe(1);
    const onThisVideo = await scoredCandidates(
      t.db,
      'why does a gun recoil',
      { ...here, videoId: lastTerm },
      scope,
    );
    expect(nearnessOf(onCopy)).toBe(onThisVideo.find((m) => m.questionId === onCopy)!.likeness!.nearness);
    expect(nearnessOf(onCopy)).toBeGreaterThan(1.5);
  });
});

describe("the answer's words", () => {
  it('are its captions and its text as they are now (their stems kept, not parsed per request)', async () => {
    const video = w.VA2.id;
    const { adminA, studentA } = w.users;
    const [captioned, texted] = await Promise.all(
      [1, 2].map(() => seedQuestion(t.db, video, studentA.id, { question: 'Why does the block slow down?' })),
    );
    const captionedAnswer = (await seedResponse(t.db, captioned!.id, media, adminA.id)).id;
    await seedResponse(t.db, texted!.id, media, adminA.id);
    const scores = async () => {
      const found = await scoredCandidates(t.db, 'block slows friction', elsewhere(), scopeOf(video));
      const of = (id: string) => found.find((m) => m.questionId === id)!.score;
      return { captioned: of(captioned!.id), texted: of(texted!.id) };
    };
    const alike = await scores();
    expect(alike.captioned).toBe(alike.texted);

    const captions = async (line: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/captions/response/${captionedAnswer}/en?label=English`,
        payload: Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n${line}\n`),
        headers: { ...adminA.auth, 'content-type': 'text/vtt' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await captions('Friction with the floor slows it');
    expect((await scores()).captioned).toBeGreaterThan(alike.captioned);
    await captions('The floor slows it'); // replaced: "friction" is no longer the answer's
    expect((await scores()).captioned).toBe(alike.captioned);

    const text = async (words: string) =>
      expectStatus(
        await call(t, 'PUT', `/api/questions/${texted!.id}/answer-text`, {
          as: adminA,
          payload: { text: words },
        }),
        200,
      );
    await text('It is **friction**.');
    expect((await scores()).texted).toBeGreaterThan(alike.texted);
    await text('It is the floor.');
    expect((await scores()).texted).toBe(alike.texted);
  });
});
