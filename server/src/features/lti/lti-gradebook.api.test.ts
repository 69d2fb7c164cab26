import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LtiGradebookAnswer, LtiHandoverAnswer } from '@lectern/shared';
import { events, jobs, lectureVideos, lectures, ltiContexts, ltiLineItems, videos } from '../../db/schema';
import { JOBS_CHANNEL } from '../../jobs/jobs.repository';
import { capturedLog } from '../../../test/captured-log';
import { lmsPerson, ltiFixture } from '../../../test/lti-launches';
import { ROLE } from '../../../test/lti-platform';
import { LINE_ITEMS_JOB, MIN_SEND_INTERVAL_MS, SCORE_JOB } from './gradebook-sync';

// Assignment and Grade Services 2.0 (issue 23) against the reference platform's gradebook: the launch's
// endpoint claim kept per LMS course, the lecture's setting, the line item made when it is turned on, and
// each learner's percentage watched posted as a score by the job queue: debounced, once a minute at most,
// retried when the LMS fails, and a bad answer failing cleanly.

const log = capturedLog();
const { t, platform, launch, signedIn } = ltiFixture({
  app: { env: { LOG_LEVEL: 'info' }, logStream: log.stream },
});
/** The last failure with the LMS logged about the lecture. */
const lastFailure = (lectureId: string) =>
  log
    .entries('lti.grades.failed')
    .filter((entry) => entry.lectureId === lectureId)
    .at(-1);
const KINDS = [LINE_ITEMS_JOB, SCORE_JOB];

/**
 * Runs the gradebook's queued jobs now, whatever their time (the debounce, a retry's backoff, the minute),
 * once each: jobs they queue for later stay queued.
 */
async function runQueuedNow() {
  await t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(inArray(jobs.kind, KINDS), eq(jobs.state, 'queued')));
  await t.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  for (;;) {
    const busy = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, KINDS),
          or(eq(jobs.state, 'running'), and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`))),
        ),
      );
    if (busy.length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const as = (session: { token: string }) => ({ authorization: `Bearer ${session.token}` });

const setting = async (session: { token: string }, lectureId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lectures/${lectureId}/lti-gradebook`,
    headers: as(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LtiGradebookAnswer>();
};

const turn = (session: { token: string }, lectureId: string, enabled: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/lectures/${lectureId}/lti-gradebook`,
    headers: as(session),
    payload: { enabled },
  });

/** A released lecture of the course with two videos, 100 s and 300 s long. */
async function lectureOf(courseId: string) {
  const past = new Date(t.clock.now().getTime() - 3600_000);
  const [lecture] = await t.db
    .insert(lectures)
    .values({
      courseId,
      title: `Week ${randomUUID().slice(0, 4)}`,
      lectureDate: past,
      lectureDateAvailable: past,
      lectureDateStart: past,
      lectureDateEnd: past,
    })
    .returning();
  const made = await t.db
    .insert(videos)
    .values([
      { title: 'Part 1', sourceType: 'localFile', durationSeconds: 100 },
      { title: 'Part 2', sourceType: 'localFile', durationSeconds: 300 },
    ])
    .returning();
  await t.db
    .insert(lectureVideos)
    .values(made.map((v, position) => ({ lectureId: lecture!.id, videoId: v.id, position })));
  return { lecture: lecture!, videoIds: made.map((v) => v.id) };
}

/** An LMS course offering its gradebook, opened by its instructor; a lecture of its Lectern course. */
async function gradedCourse() {
  const context = `graded-${randomUUID().slice(0, 8)}`;
  platform.gradebook.offer(context);
  const teacher = await signedIn((await launch(lmsPerson([ROLE.instructor], context))).res);
  const courseId = teacher.target.split('/').pop()!;
  return { context, teacher, courseId, ...(await lectureOf(courseId)) };
}

const watch = (session: LtiHandoverAnswer, lectureId: string, videoId: string, from: number, to: number) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/logging/log',
      headers: as(session),
      payload: {
        action: 'videoProgressLecture',
        fromTime: from,
        videoTime: to,
        videoID: videoId,
        lectureID: lectureId,
      },
    })
    .then((res) => expect(res.statusCode, res.body).toBe(201));

const scoresOf = (sub: string) => platform.gradebook.scores.filter((s) => s.userId === sub);

describe('the LMS gradebook of a lecture', () => {
  it("keeps the launch's AGS claim for the LMS course, and offers the setting only where it came", async () => {
    const { context, teacher, lecture } = await gradedCourse();
    const [row] = await t.db.select().from(ltiContexts).where(eq(ltiContexts.contextId, context));
    expect(row).toMatchObject({
      lineItemsUrl: `${platform.base}/ags/${context}/lineitems`,
      agsScopes: [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      ],
    });
    expect(await setting(teacher, lecture.id)).toEqual({
      platforms: ['Reference LMS'],
      enabled: false,
      lastError: null,
    });

    const plain = await signedIn((await launch(lmsPerson([ROLE.instructor], `plain-${randomUUID()}`))).res);
    const other = await lectureOf(plain.target.split('/').pop()!);
    expect(await setting(plain, other.lecture.id)).toEqual({
      platforms: [],
      enabled: false,
      lastError: null,
    });
    expect((await turn(plain, other.lecture.id, true)).statusCode).toBe(409);
  });

  it('is for the course administrators only', async () => {
    const { context, lecture } = await gradedCourse();
    const learner = await signedIn((await launch(lmsPerson([ROLE.learner], context))).res);
    expect((await turn(learner, lecture.id, true)).statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/lectures/${lecture.id}/lti-gradebook`,
      headers: as(learner),
    });
    expect(read.statusCode).toBe(403);
  });

  it("makes a line item, then posts each learner's percentage watched, at most once a minute", async () => {
    const { context, teacher, lecture, videoIds } = await gradedCourse();
    const sub = randomUUID();
    const learner = await signedIn((await launch(lmsPerson([ROLE.learner], context, { sub }))).res);
    // Watched before the setting is on: sent once the line item exists.
    await watch(learner, lecture.id, videoIds[0]!, 0, 50);

    const on = await turn(teacher, lecture.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<LtiGradebookAnswer>().enabled).toBe(true);
    // The lecture's screens (its edit page in another tab) hear of it.
    const told = await t.db
      .select({ payload: events.payload })
      .from(events)
      .where(eq(events.type, 'lecture.changed'));
    expect(told.map((e) => e.payload)).toContainEqual(expect.objectContaining({ lectureId: lecture.id }));
    await runQueuedNow();
    const [item] = await t.db.select().from(ltiLineItems).where(eq(ltiLineItems.lectureId, lecture.id));
    expect(platform.gradebook.lineItems.get(item!.url)).toMatchObject({
      label: lecture.title,
      scoreMaximum: 100,
      resourceId: lecture.id,
    });
    await runQueuedNow();
    // 50 of 400 seconds.
    expect(scoresOf(sub)).toEqual([
      expect.objectContaining({
        lineItem: item!.url,
        scoreGiven: 12.5,
        scoreMaximum: 100,
        activityProgress: 'InProgress',
        gradingProgress: 'FullyGraded',
      }),
    ]);

    // More progress within the minute: the send waits for the minute's end, and carries all of it.
    await watch(learner, lecture.id, videoIds[0]!, 50, 100);
    await watch(learner, lecture.id, videoIds[1]!, 0, 300);
    await runQueuedNow();
    await runQueuedNow();
    expect(scoresOf(sub)).toHaveLength(1);
    t.clock.advance(MIN_SEND_INTERVAL_MS);
    await runQueuedNow();
    expect(scoresOf(sub).map((s) => [s.scoreGiven, s.activityProgress])).toEqual([
      [12.5, 'InProgress'],
      [100, 'Completed'],
    ]);

    // Turned off, progress sends nothing.
    expect((await turn(teacher, lecture.id, false)).statusCode).toBe(200);
    t.clock.advance(MIN_SEND_INTERVAL_MS);
    await watch(learner, lecture.id, videoIds[1]!, 0, 10);
    await runQueuedNow();
    expect(scoresOf(sub)).toHaveLength(2);
  });

  it('retries a score the LMS failed to take, and says why on the setting', async () => {
    const { context, teacher, lecture, videoIds } = await gradedCourse();
    const sub = randomUUID();
    const learner = await signedIn((await launch(lmsPerson([ROLE.learner], context, { sub }))).res);
    expect((await turn(teacher, lecture.id, true)).statusCode).toBe(200);
    await runQueuedNow();

    platform.gradebook.setFault('down');
    await watch(learner, lecture.id, videoIds[0]!, 0, 100);
    await runQueuedNow();
    await runQueuedNow();
    expect(scoresOf(sub)).toHaveLength(0);
    expect((await setting(teacher, lecture.id)).lastError).toMatch(/answered 503/);
    expect(lastFailure(lecture.id)).toMatchObject({
      securityEvent: 'lti.grades.failed',
      platform: 'Reference LMS',
      what: 'score',
      error: expect.stringMatching(/answered 503/),
    });
    const [retry] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SCORE_JOB), sql`${jobs.payload}->>'lectureId' = ${lecture.id}`));
    expect(retry).toMatchObject({ state: 'queued', attempts: 2 });

    // The LMS is back: the retry goes, though the failed sends were within the minute.
    platform.gradebook.setFault(null);
    await runQueuedNow();
    expect(scoresOf(sub).map((s) => s.scoreGiven)).toEqual([25]);
    expect((await setting(teacher, lecture.id)).lastError).toBeNull();
  });

  it('makes no line item of a malformed or too large answer, and says why', async () => {
    for (const [fault, why] of [
      ['malformed', /not JSON/],
      ['huge', /longer than/],
    ] as const) {
      const { teacher, lecture } = await gradedCourse();
      platform.gradebook.setFault(fault);
      expect((await turn(teacher, lecture.id, true)).statusCode).toBe(200);
      await runQueuedNow();
      expect(await t.db.select().from(ltiLineItems).where(eq(ltiLineItems.lectureId, lecture.id))).toEqual(
        [],
      );
      expect((await setting(teacher, lecture.id)).lastError).toMatch(why);
      expect(lastFailure(lecture.id)).toMatchObject({ what: 'line item', error: expect.stringMatching(why) });
    }
    platform.gradebook.setFault(null);
  });
});
