import type { QuestionDto } from '@lectern/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test/calls';
import { eventsCaughtUp } from '../../../test/events-caught-up';
import { type TestUser, createUser } from '../../../test/factories';
import { seedCourseMember, seedQuestion, seedResponse } from '../../../test/seed';
import { createSiblingApp } from '../../../test/test-app';
import { questionsWorldFixture } from './test/world';

// The lecture questions kept with their codings (issue 27): an ETag names one answer, whose Brotli and
// gzip bytes are made once and are the same on every instance; a change committed anywhere gives every
// instance a new answer; a 304 carries only what a 304 needs.

const CHROMIUM = 'gzip, deflate, br, zstd';
const DECODE = {
  br: (bytes: Buffer) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes: Buffer) => zlib.gunzipSync(bytes),
  identity: (bytes: Buffer) => bytes,
};

describe('lecture questions sent from kept representations', () => {
  const { t, w } = questionsWorldFixture();
  let other: FastifyInstance;
  let plain: TestUser;
  const url = () => `/api/questions/lecture-questions/${w.LA.id}`;
  const poll = (app: FastifyInstance, who: TestUser, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: url(), headers: { ...who.auth, ...headers } });
  const pumpBoth = () => Promise.all([eventsCaughtUp(t.app), eventsCaughtUp(other)]);

  /** The answer's ETag and bytes on both instances, asked four times at once on each, in one coding. */
  async function answersIn(who: TestUser, acceptEncoding: string) {
    const apps = [t.app, other, t.app, other, t.app, other, t.app, other];
    const all = await Promise.all(apps.map((app) => poll(app, who, { 'accept-encoding': acceptEncoding })));
    all.forEach((res) => expectStatus(res, 200));
    return all;
  }

  function expectOneAnswer(all: LightMyRequestResponse[], encoding: keyof typeof DECODE) {
    const [first] = all as [LightMyRequestResponse];
    for (const res of all) {
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    return JSON.parse(DECODE[encoding](first.rawPayload).toString()) as QuestionDto[];
  }

  beforeAll(async () => {
    plain = await createUser(t.app, { name: 'Pat Plain' });
    await seedCourseMember(t.db, w.A.id, plain.id);
    // Enough answered questions for an answer worth compressing.
    for (let i = 0; i < 12; i++) {
      const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
        lectureId: w.LA.id,
        question: `Kept question ${i}: why does the sampling theorem need a band limit?`,
        timeAsked: 50 + i,
      });
      await seedResponse(t.db, q.id, w.media, w.users.adminA.id, t.clock.now());
    }
    other = await createSiblingApp(t);
    await other.ready();
  });
  afterAll(() => other.close());

  it('one ETag comes with the same bytes in each coding, on both instances, asked at once', async () => {
    // A student who shares the class's answer, and one whose answer is theirs alone (their own questions).
    for (const who of [plain, w.users.studentA]) {
      const identity = expectOneAnswer(await answersIn(who, 'identity'), 'identity');
      expect(identity.length).toBeGreaterThan(12);
      const br = await answersIn(who, CHROMIUM);
      expect(expectOneAnswer(br, 'br')).toEqual(identity);
      const gzip = await answersIn(who, 'gzip');
      expect(expectOneAnswer(gzip, 'gzip')).toEqual(identity);
      const etags = new Set([br[0]!.headers.etag, gzip[0]!.headers.etag]);
      expect(etags.size).toBe(1);
      expect(br[0]!.rawPayload.length).toBeLessThan(gzip[0]!.rawPayload.length);
    }
  });

  it('a change committed through one instance gives both a new answer with new bytes', async () => {
    const [before] = await answersIn(plain, CHROMIUM);
    const voted = await other.inject({
      method: 'PUT',
      url: `/api/questions/ratings/${w.qAnswered.id}`,
      headers: w.users.studentA2.auth,
      payload: { voteOptions: 'UP' },
    });
    expectStatus(voted, 200);
    await pumpBoth();
    const after = await answersIn(plain, CHROMIUM);
    const list = expectOneAnswer(after, 'br');
    expect(after[0]!.headers.etag).not.toBe(before!.headers.etag);
    expect(after[0]!.rawPayload.equals(before!.rawPayload)).toBe(false);
    expect(list.find((q) => q.id === w.qAnswered.id)?.ratings).toBe(1);
    // The old ETag is no longer current on either instance.
    for (const app of [t.app, other])
      expectStatus(await poll(app, plain, { 'if-none-match': String(before!.headers.etag) }), 200);
  });

  it('answers a current ETag 304 with only the headers a 304 needs', async () => {
    const etag = String((await poll(t.app, plain)).headers.etag);
    const res = await poll(t.app, plain, { 'if-none-match': etag, 'accept-encoding': CHROMIUM });
    expectStatus(res, 304);
    expect(res.rawPayload.length).toBe(0);
    const { date, connection, ...rest } = res.headers;
    expect(date).toBeTruthy();
    expect(connection).toBe('keep-alive');
    expect(rest).toEqual({
      etag,
      vary: 'accept-encoding',
      'cache-control': 'no-store',
      'strict-transport-security': expect.stringMatching(/max-age=31536000; includeSubDomains/),
      'x-content-type-options': 'nosniff',
    });
  });
});
