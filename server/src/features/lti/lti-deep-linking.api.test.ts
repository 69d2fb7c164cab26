import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import type { DeepLinkAnswer, DeepLinkItem, LtiHandoverAnswer } from '@lectern/shared';
import { externalIdentities } from '../../db/schema';
import type { DeepLinkingSettings } from '../../../test/lti-deep-linking-return';
import { expectRefusalPage, lmsPerson, ltiFixture } from '../../../test/lti-launches';
import { type LmsPerson, ROLE } from '../../../test/lti-platform';
import { createUser } from '../../../test/factories';
import { seedCourse, seedLecture, seedVideo } from '../../../test/seed';
import { PICK_REFUSALS } from './deep-link.service';
import { LTI_REFUSALS } from './lti-refusal';

// Deep Linking 2.0 (issue 23) against the reference platform, every message through HTTP: the platform's
// deep-linking request, Lectern's picker answer (POST /api/lti/deep-link), the platform's checks of the
// signed LtiDeepLinkingResponse against Lectern's /lti/jwks, and the launch of the item it keeps.

const { t, platform, launch, codesOf, signedIn, handover } = ltiFixture();

/** An instructor's first launch from an LMS course: the Lectern course made for it, with a lecture. */
async function instructorWithLecture(context = `ctx-${randomUUID()}`) {
  const teacher = lmsPerson([ROLE.instructor], context);
  const session = await signedIn((await launch(teacher)).res);
  const courseId = session.target.split('/').pop()!;
  const lecture = await seedLecture(t.db, courseId, t.clock.now(), { title: 'Week 1: Motion' });
  const video = await seedVideo(t.db, lecture.id, { title: 'Newton’s laws' });
  return { teacher, session, courseId, lecture, video, context };
}

interface Picker {
  session: LtiHandoverAnswer;
  picker: string;
  /** The browser's picker cookie, as the launch's answer set it. */
  cookie: string;
}

/** A deep-linking request from the LMS, through the handover: the picker's session, token and cookie. */
async function openPicker(who: LmsPerson, settings: Partial<DeepLinkingSettings> = {}): Promise<Picker> {
  const { res } = await launch(who, { message: { kind: 'deepLinking', settings } });
  const { code, picker } = codesOf(res);
  expect(picker).toBeTruthy();
  const cookies = [res.headers['set-cookie'] ?? []].flat();
  const cookie = cookies.find((c) => c.startsWith(`lti-picker-${picker}=1`))!;
  expect(cookie).toMatch(/HttpOnly; Secure; SameSite=None; Partitioned/);
  expect(cookie).toContain('Path=/api/lti/deep-link');
  const answer = await handover(code);
  expect(answer.statusCode, answer.body).toBe(200);
  return { session: answer.json<LtiHandoverAnswer>(), picker: picker!, cookie: cookie.split(';')[0]! };
}

function pick(p: Picker, items: DeepLinkItem[], options: { cookie?: boolean; token?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/lti/deep-link',
    headers: {
      authorization: `Bearer ${options.token ?? p.session.token}`,
      ...(options.cookie === false ? {} : { cookie: p.cookie }),
    },
    payload: { picker: p.picker, items },
  });
}

async function picked(res: LightMyRequestResponse): Promise<DeepLinkAnswer> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeepLinkAnswer>();
}

function expectPickRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ error: string }>().error).toBe(message);
}

/** A person launching the n-th item the platform kept: where they land. */
async function launchItem(who: LmsPerson, item: number) {
  return signedIn((await launch(who, { message: { kind: 'resourceLink', item } })).res);
}

describe('deep linking a lecture', () => {
  it('answers a signed LtiDeepLinkingResponse the platform accepts, whose item launches straight into the lecture', async () => {
    const { teacher, courseId, lecture, context } = await instructorWithLecture();
    const picker = await openPicker(teacher);
    // The picker opens on the course linked to the LMS course.
    expect(picker.session.target).toBe(`/lti/deep-link?course=${courseId}`);

    const answer = await picked(await pick(picker, [{ lectureId: lecture.id }]));
    expect(answer.returnUrl).toBe(`${platform.base}/deep-link-return`);
    const { kid } = decodeProtectedHeader(answer.jwt);
    const published = (await t.app.inject({ method: 'GET', url: '/lti/jwks' })).json<{
      keys: { kid: string }[];
    }>();
    expect(published.keys.map((k) => k.kid)).toContain(kid);

    const [kept] = await platform.deepLinkReturn(answer.jwt);
    expect(kept).toMatchObject({
      type: 'ltiResourceLink',
      title: 'Week 1: Motion',
      url: `${t.config.publicUrl}/lti/launch`,
      custom: { lecture_id: lecture.id },
    });
    // A platform takes a response once.
    await expect(platform.deepLinkReturn(answer.jwt)).rejects.toThrow('nonce already used');

    const learner = lmsPerson([ROLE.learner], context);
    const item = platform.items.indexOf(kept!);
    expect((await launchItem(learner, item)).target).toBe(`/lecture/${lecture.id}`);
  });

  it('inserts a single video, which lands on that video in its lecture', async () => {
    const { teacher, lecture, video, context } = await instructorWithLecture();
    const answer = await picked(
      await pick(await openPicker(teacher), [{ lectureId: lecture.id, videoId: video.id }]),
    );
    const [kept] = await platform.deepLinkReturn(answer.jwt);
    expect(kept).toMatchObject({
      title: 'Newton’s laws',
      custom: { lecture_id: lecture.id, video_id: video.id },
    });
    const learner = lmsPerson([ROLE.learner], context);
    expect((await launchItem(learner, platform.items.indexOf(kept!))).target).toBe(
      `/video/${video.id}?lectureId=${lecture.id}`,
    );
  });

  it('returns several items only where the platform accepts several', async () => {
    const { teacher, lecture, courseId } = await instructorWithLecture();
    const second = await seedLecture(t.db, courseId, t.clock.now(), { title: 'Week 2' });
    const items = [{ lectureId: lecture.id }, { lectureId: second.id }];
    const single = await openPicker(teacher);
    expectPickRefused(await pick(single, items), 400, PICK_REFUSALS.oneOnly);
    const several = await openPicker(teacher, { accept_multiple: true });
    const kept = await platform.deepLinkReturn((await picked(await pick(several, items))).jwt);
    expect(kept.map((k) => k.title)).toEqual(['Week 1: Motion', 'Week 2']);
  });

  it('links an LMS course not linked yet to the picked lecture’s course', async () => {
    const { teacher, lecture, courseId } = await instructorWithLecture();
    // The same instructor, in another LMS course that never launched Lectern.
    const elsewhere = { ...teacher, context: { id: `new-${randomUUID()}`, title: 'Next term' } };
    const picker = await openPicker(elsewhere);
    expect(picker.session.target).toBe('/lti/deep-link');
    const [kept] = await platform.deepLinkReturn(
      (await picked(await pick(picker, [{ lectureId: lecture.id }]))).jwt,
    );
    const learner = lmsPerson([ROLE.learner], elsewhere.context.id);
    const session = await launchItem(learner, platform.items.indexOf(kept!));
    expect(session.target).toBe(`/lecture/${lecture.id}`);
    const course = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}`,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(course.statusCode).toBe(200);
  });

  it('links an unlinked LMS course at a launch only for an instructor who administers the item’s course', async () => {
    const { teacher, lecture, context } = await instructorWithLecture();
    const [kept] = await platform.deepLinkReturn(
      (await picked(await pick(await openPicker(teacher), [{ lectureId: lecture.id }]))).jwt,
    );
    const item = platform.items.indexOf(kept!);
    // The LMS copied the item into a new course: its learners wait, its instructor's launch links it.
    const copy = `copy-${randomUUID()}`;
    const early = lmsPerson([ROLE.learner], copy);
    expectRefusalPage(
      (await launch(early, { message: { kind: 'resourceLink', item } })).res,
      403,
      LTI_REFUSALS.courseNotReady,
    );
    // Another instructor, who does not administer the lecture's course, gets a course of their own.
    const stranger = lmsPerson([ROLE.instructor], `other-${randomUUID()}`);
    expect((await launchItem(stranger, item)).target).toMatch(/^\/courses\//);
    const owner = { ...teacher, context: { id: copy, title: 'Copy' } };
    expect((await launchItem(owner, item)).target).toBe(`/lecture/${lecture.id}`);
    expect((await launchItem(early, item)).target).toBe(`/lecture/${lecture.id}`);
    expect(context).not.toBe(copy);
  });
});

describe('refusals', () => {
  it('refuses a deep-linking request by a learner, with nothing made', async () => {
    const { context } = await instructorWithLecture();
    const learner = lmsPerson([ROLE.learner], context);
    const { res } = await launch(learner, { message: { kind: 'deepLinking' } });
    expectRefusalPage(res, 403, LTI_REFUSALS.deepLinkNotInstructor);
    expect(
      await t.db.select().from(externalIdentities).where(eq(externalIdentities.subject, learner.sub)),
    ).toHaveLength(0);
  });

  it.each([
    ['no return URL', { deep_link_return_url: undefined }],
    ['a return URL that is not http(s)', { deep_link_return_url: 'javascript:alert(1)' }],
    ['a return URL that is not a URL', { deep_link_return_url: 'back there' }],
    ['a return URL off the LMS’s pages', { deep_link_return_url: 'https://evil.example/return' }],
  ])('refuses a request with %s', async (_name, settings) => {
    const { teacher } = await instructorWithLecture();
    const { res } = await launch(teacher, {
      message: { kind: 'deepLinking', settings: settings as Partial<DeepLinkingSettings> },
    });
    expectRefusalPage(res, 400, LTI_REFUSALS.badReturnUrl);
  });

  it('refuses a placement that does not accept LTI resource links', async () => {
    const { teacher } = await instructorWithLecture();
    const { res } = await launch(teacher, {
      message: { kind: 'deepLinking', settings: { accept_types: ['link', 'html'] } },
    });
    expectRefusalPage(res, 400, LTI_REFUSALS.itemsNotAccepted);
  });

  it('refuses a lecture of a course the instructor does not administer, whatever the picker sent; the picker stays usable', async () => {
    const { teacher, lecture } = await instructorWithLecture();
    const owner = await createUser(t.app);
    const foreign = await seedLecture(t.db, (await seedCourse(t.db, owner.id)).id, t.clock.now());
    const picker = await openPicker(teacher);
    expectPickRefused(await pick(picker, [{ lectureId: foreign.id }]), 403, PICK_REFUSALS.notAdmin);
    expectPickRefused(await pick(picker, [{ lectureId: randomUUID() }]), 404, PICK_REFUSALS.lectureMissing);
    await picked(await pick(picker, [{ lectureId: lecture.id }]));
  });

  it('refuses a lecture of another of their courses when the LMS course is linked to one', async () => {
    const { teacher, session } = await instructorWithLecture();
    const { lecture: other } = await instructorWithLecture();
    // The teacher of the first course administers the second too, through its own launch.
    const second = await seedLecture(t.db, (await seedCourse(t.db, session.id)).id, t.clock.now());
    const picker = await openPicker(teacher);
    expectPickRefused(await pick(picker, [{ lectureId: second.id }]), 403, PICK_REFUSALS.otherCourse);
    expectPickRefused(await pick(picker, [{ lectureId: other.id }]), 403, PICK_REFUSALS.notAdmin);
  });

  it('refuses a video that is not in the picked lecture', async () => {
    const { teacher, lecture, courseId } = await instructorWithLecture();
    const elsewhere = await seedVideo(t.db, (await seedLecture(t.db, courseId, t.clock.now())).id);
    const picker = await openPicker(teacher);
    expectPickRefused(
      await pick(picker, [{ lectureId: lecture.id, videoId: elsewhere.id }]),
      404,
      PICK_REFUSALS.videoMissing,
    );
  });

  it('takes a picker once, from the browser it opened in, for the account it signed in', async () => {
    const { teacher, lecture } = await instructorWithLecture();
    const picker = await openPicker(teacher);
    expectPickRefused(
      await pick(picker, [{ lectureId: lecture.id }], { cookie: false }),
      403,
      PICK_REFUSALS.otherBrowser,
    );
    const someoneElse = await createUser(t.app);
    expectPickRefused(
      await pick(picker, [{ lectureId: lecture.id }], { token: someoneElse.token }),
      403,
      PICK_REFUSALS.stale,
    );
    await picked(await pick(picker, [{ lectureId: lecture.id }]));
    expectPickRefused(await pick(picker, [{ lectureId: lecture.id }]), 403, PICK_REFUSALS.stale);
  });

  it('expires a picker after half an hour', async () => {
    const { teacher, lecture } = await instructorWithLecture();
    const picker = await openPicker(teacher);
    t.clock.advance(31 * 60_000);
    expectPickRefused(await pick(picker, [{ lectureId: lecture.id }]), 403, PICK_REFUSALS.stale);
  });
});

describe("the platform's checks of the response", () => {
  it('refuses a response whose payload was altered, or signed by a key Lectern does not publish', async () => {
    const { teacher, lecture } = await instructorWithLecture();
    const { jwt } = await picked(await pick(await openPicker(teacher), [{ lectureId: lecture.id }]));
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'][0].custom.lecture_id = randomUUID();
    const altered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(platform.deepLinkReturn(altered)).rejects.toThrow(/signature/);
    await expect(
      platform.deepLinkReturn(await platform.sign(claims, await platform.stranger())),
    ).rejects.toThrow();
    // The genuine response is still good: nothing was kept from the bad ones.
    await expect(platform.deepLinkReturn(jwt)).resolves.toHaveLength(1);
  });
});
