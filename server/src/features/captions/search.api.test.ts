import type { SearchHitDto } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { responses } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import { seedLecture, seedVideo } from '../../../test/seed';
import { appFixture } from '../../../test/fixture';
import { buildCaptionWorld, uploadRequest } from './test/caption-world';

// Course search over transcripts, answer transcripts and answered questions, on a small corpus.

const { t, w } = appFixture(buildCaptionWorld);
let lecture2Video: string;

async function upload(path: string, vtt: string) {
  const req = uploadRequest(`${path}?label=English`, vtt);
  const res = await t.app.inject({ ...req, headers: { ...req.headers, ...w.users.adminA.auth } });
  expect(res.statusCode, res.body).toBe(200);
}
const cue = (from: string, to: string, text: string) => `${from} --> ${to}\n${text}\n\n`;

beforeAll(async () => {
  const L2 = await seedLecture(t.db, w.A.id, t.clock.now(), { title: 'Lecture 2: Convolution' });
  lecture2Video = (await seedVideo(t.db, L2.id, { title: 'Convolution, part 1' })).id;
  await upload(
    `/api/captions/video/${w.VA1.id}/en`,
    'WEBVTT\n\n' +
      cue('00:00:05.000', '00:00:08.000', 'Sampling turns a signal into numbers') +
      cue('00:00:30.000', '00:00:33.000', 'The Fourier transform of a sampled signal repeats'),
  );
  await upload(
    `/api/captions/video/${lecture2Video}/en`,
    'WEBVTT\n\n' +
      cue('00:00:10.000', '00:00:12.000', 'Convolution in time') +
      cue(
        '00:01:07.000',
        '00:01:10.000',
        'the Fourier transform, the Fourier transform turns convolution into products',
      ),
  );
  await upload(
    `/api/captions/response/${w.RA.id}/en`,
    'WEBVTT\n\n' + cue('00:00:03.000', '00:00:06.000', 'Aliasing folds the Fourier spectrum'),
  );
  await upload(
    `/api/captions/video/${w.VU.id}/en`,
    'WEBVTT\n\n' + cue('00:00:01.000', '00:00:04.000', 'A secret Fourier remark'),
  );
});

async function search(who: TestUser, q: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/courses/${w.A.id}/search?q=${encodeURIComponent(q)}`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchHitDto[]>();
}

describe('course search', () => {
  it('finds a phrase in lecture 2 at 1:07, with the matched words marked', async () => {
    const [hit, ...rest] = await search(w.users.studentA, '"turns convolution"');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({
      kind: 'transcript',
      lectureTitle: 'Lecture 2: Convolution',
      videoId: lecture2Video,
      time: 67,
      matchedWords: ['turns', 'convolution'],
    });
    expect(hit!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['turns', 'convolution']);
    expect(hit!.snippet.map((p) => p.text).join('')).toBe(
      'the Fourier transform, the Fourier transform turns convolution into products',
    );
  });

  it('ranks the cue saying the words most often first, then in lecture order; answers and questions too', async () => {
    const hits = await search(w.users.studentA, 'fourier');
    expect(hits.map((h) => [h.kind, h.lectureTitle, h.time])).toEqual([
      ['transcript', 'Lecture 2: Convolution', 67],
      ['transcript', 'LA', 30],
      ['answer', 'LA', 42],
    ]);
    expect(hits[2]).toMatchObject({ responseId: w.RA.id, answerTime: 3, questionId: w.answered.id });
  });

  it('finds answered questions by their words', async () => {
    const hits = await search(w.users.studentA, 'nyquist');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      kind: 'question',
      time: 42,
      responseId: w.RA.id,
      matchedWords: ['nyquist'],
    });
  });

  it('finds answers in words by their words, in lectures the reader may see only (issue 24)', async () => {
    const written = await t.app.inject({
      method: 'PUT',
      url: `/api/questions/${w.answered.id}/answer-text`,
      payload: { text: 'Twice the **Shannon** bandwidth: $f_s = 2B$.' },
      headers: w.users.adminA.auth,
    });
    expect(written.statusCode, written.body).toBe(200);
    await t.db.update(responses).set({ text: 'A Shannon remark' }).where(eq(responses.id, w.RU.id));
    const hits = await search(w.users.studentA, 'shannon');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ kind: 'question', questionId: w.answered.id, matchedWords: ['shannon'] });
    expect((await search(w.users.adminA, 'shannon')).map((h) => h.videoId).sort()).toEqual(
      [w.VA1.id, w.VU.id].sort(),
    );
  });

  it('shows unreleased lectures to admins only, and is for the course’s members', async () => {
    expect((await search(w.users.studentA, 'secret')).length).toBe(0);
    expect((await search(w.users.adminA, 'secret')).map((h) => h.videoId)).toEqual([w.VU.id]);
    const outsider = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${w.A.id}/search?q=fourier`,
      headers: w.users.studentB.auth,
    });
    expect(outsider.statusCode).toBe(403);
  });

  it('takes any text without failing', async () => {
    expect(await search(w.users.studentA, `'&|!:* ( "unclosed`)).toEqual([]);
    // Runs of negations: more than 32 in a row overflowed websearch_to_tsquery's stack (500).
    for (const q of ['-'.repeat(50), '- '.repeat(60), '-"'.repeat(60)]) {
      expect(await search(w.users.studentA, q), q).toEqual([]);
    }
    // The dash before a word still negates it: Fourier, but not where "sampled" is said.
    const notSampled = await search(w.users.studentA, `fourier ${'-'.repeat(40)}sampled`);
    expect(notSampled.length).toBeGreaterThan(0);
    expect(notSampled.map((hit) => hit.snippet.map((p) => p.text).join(''))).not.toContainEqual(
      expect.stringMatching(/sampled/i),
    );
  });
});
