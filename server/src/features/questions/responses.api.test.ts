import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type QuestionDto, RESPONSE_ID_HEADER, VALIDATION, type VideoResponseAnswer } from '@lectern/shared';
import { mediaFiles, questions, responses } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import { tusMetadata } from '../videos/test/tus-requests';
import { fixture, multipart, storedFiles } from '../videos/test/video-world';
import { expectStatus } from '../../../test/calls';
import { questionsWorldFixture } from './test/world';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('answer videos: POST /api/upload/videoResponse and tus kind=response', () => {
  const { t, w } = questionsWorldFixture();

  const answer = () => ({ name: 'answer.mp4', data: fixture('answer-4s.mp4') });
  const fields = (overrides: Record<string, string> = {}) => ({
    questionID: w.qOpen.id,
    title: 'Answer',
    sourceType: 'localFile',
    ...overrides,
  });
  const post = (body: ReturnType<typeof multipart>, who?: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload/videoResponse',
      payload: body.payload,
      headers: { ...body.headers, ...(who ? who.auth : {}) },
    });
  const rowOf = async (id: string) => (await t.db.select().from(questions).where(eq(questions.id, id)))[0]!;
  const counts = async () => ({
    responses: (await t.db.select().from(responses)).length,
    media: (await t.db.select().from(mediaFiles)).length,
    files: storedFiles(t).length,
  });

  it('401, 400, 404, 403 for students, other courses and a foreign posterID; nothing stored', async () => {
    const before = await counts();
    expectStatus(await post(multipart(fields(), answer())), 401);
    expectStatus(await post(multipart(fields({ questionID: 'x' }), answer()), w.users.adminA), 400);
    expectStatus(await post(multipart(fields({ ratings: '3' }), answer()), w.users.adminA), 400);
    const noFile = await post(multipart(fields()), w.users.adminA);
    expectStatus(noFile, 400);
    expect(noFile.json().error).toBe(VALIDATION.selectFile);
    expectStatus(await post(multipart(fields({ questionID: UNKNOWN }), answer()), w.users.adminA), 404);
    for (const who of [w.users.studentA, w.users.adminB, w.users.outsider])
      expectStatus(await post(multipart(fields(), answer()), who), 403);
    expectStatus(
      await post(multipart(fields({ posterID: w.users.coAdminA.id }), answer()), w.users.adminA),
      403,
    );
    expect(await counts()).toEqual(before);
    expect((await rowOf(w.qOpen.id)).responseId).toBeNull();
  });

  it('refuses a fake mp4 with 415 and keeps nothing', async () => {
    const before = await counts();
    const fake = await post(
      multipart(fields(), { name: 'x.mp4', data: fixture('text-disguised-as.mp4') }),
      w.users.adminA,
    );
    expectStatus(fake, 415);
    expect(await counts()).toEqual(before);
  });

  it('answers: the question gets the response, leaves processing, the asker is mailed', async () => {
    await t.db.update(questions).set({ status: 'processing' }).where(eq(questions.id, w.qOpen.id));
    t.mailer.sent.length = 0;
    const res = await post(multipart(fields({ posterID: w.users.adminA.id }), answer()), w.users.adminA);
    expectStatus(res, 201);
    const body = res.json<VideoResponseAnswer>();
    expect(body.videoSource).toMatch(/^\/media\/[a-f0-9]{64}\.mp4\?exp=\d+&sig=/);
    expect(body.question).toMatchObject({ id: w.qOpen.id, response: body.id, status: null });
    const row = await rowOf(w.qOpen.id);
    expect(row).toMatchObject({ responseId: body.id, status: null, answeredAt: t.clock.now() });
    await t.settle();
    expect(t.mailer.sent).toEqual([
      expect.objectContaining({ to: w.users.studentA.email, subject: 'Your question was answered' }),
    ]);
    expect(t.mailer.sent[0]!.text).toContain(`${t.config.publicUrl}/video/${w.VA1.id}/${body.id}`);
  });

  it('answering again replaces the old response and removes its unused media', async () => {
    const old = (await rowOf(w.qOpen.id)).responseId!;
    const [oldResponse] = await t.db.select().from(responses).where(eq(responses.id, old));
    const res = await post(
      multipart(fields(), { name: 'again.mp4', data: fixture('lecture-6s.mp4') }),
      w.users.coAdminA,
    );
    expectStatus(res, 201);
    expect((await rowOf(w.qOpen.id)).responseId).toBe(res.json<VideoResponseAnswer>().id);
    expect(await t.db.select().from(responses).where(eq(responses.id, old))).toEqual([]);
    // answer-4s.mp4 is still used by the seeded answer RA, so its file stays.
    expect(oldResponse!.mediaSha256).toBe(w.media);
    expect(await t.media.exists(w.media)).toBe(true);
    // The 6 s answer is used by nothing else: replacing it removes its row and its file.
    const second = res.json<VideoResponseAnswer>().id;
    const [secondResponse] = await t.db.select().from(responses).where(eq(responses.id, second));
    const third = await post(
      multipart(fields(), { name: 'third.mp4', data: fixture('lecture-10s.mp4') }),
      w.users.adminA,
    );
    expectStatus(third, 201);
    const secondSha = secondResponse!.mediaSha256!;
    expect(await t.media.exists(secondSha)).toBe(false);
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, secondSha))).toEqual([]);
  });

  describe('tus kind=response', () => {
    const create = (who: TestUser, questionID: string, size: number) =>
      t.app.inject({
        method: 'POST',
        url: '/tus',
        headers: {
          ...who.auth,
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': tusMetadata({ kind: 'response', questionID, title: 'Recorded answer' }),
        },
      });

    it('refuses students and other courses at creation', async () => {
      expectStatus(await create(w.users.studentA, w.qOpenVA2.id, 100), 403);
      expectStatus(await create(w.users.adminB, w.qOpenVA2.id, 100), 403);
      expectStatus(await create(w.users.adminA, 'x', 100), 400);
    });

    it('the last PATCH answers the question and names the response', async () => {
      const data = fixture('answer-4s.mp4');
      const created = await create(w.users.adminA, w.qOpenVA2.id, data.length);
      expectStatus(created, 201);
      const location = String(created.headers.location);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: location.startsWith('/') ? location : `/tus/${location}`,
        headers: {
          ...w.users.adminA.auth,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: data,
      });
      expectStatus(patch, 204);
      const responseId = String(patch.headers[RESPONSE_ID_HEADER.toLowerCase()]);
      expect((await rowOf(w.qOpenVA2.id)).responseId).toBe(responseId);
      const q = await t.app.inject({
        method: 'GET',
        url: `/api/questions/${w.qOpenVA2.id}`,
        headers: w.users.studentA.auth,
      });
      expect(q.json<QuestionDto>().response).toBe(responseId);
    });
  });
});
