import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LmsPerson,
  ROLE,
  type ReferencePlatform,
  startReferencePlatform,
} from '../../server/test/lti-platform';
import { ACTION_CEILING_MS, useBrowser } from '../support/browser';
import { type OwnLectern, ownLectern } from '../support/own-server';
import { uploadVideo } from '../support/seed';

// Lectern inside an LMS (issue 23): the reference platform's course page, on another site (localhost)
// than Lectern (127.0.0.1), frames Lectern; the browser performs the whole LTI 1.3 launch inside the frame
// (login initiation, the platform's authentication endpoint, the auto-posted id_token, the one-time code)
// and lands signed in on the course. An instructor deep-links a lecture from the LMS page (Lectern's picker
// in the frame, its signed answer posted back to the platform, which checks it against Lectern's JWKS); a
// learner launches that item and lands on the lecture, then opens it in a new tab, signed in there too.
// A course whose LMS shares its roster (NRPS) shows the last sync on its edit page and syncs again on demand.
// A lecture turned on for the LMS gradebook (AGS) gets a line item there; a learner launched into its video
// watches and asks a question at a moment, and the LMS receives their percentage watched as a score.
// The platform is registered as an administrator would, with `npm run lti -- add-platform` on the
// server's data dir before it starts.

const root = path.resolve(import.meta.dirname, '../..');
let lectern: OwnLectern;
let lecternUrl: string;
let lms: ReferencePlatform;
const chromiumFixture = useBrowser();

beforeAll(async () => {
  lectern = await ownLectern();
  lecternUrl = lectern.url;
  lms = await startReferencePlatform(`${lecternUrl}/lti/launch`, { host: 'localhost' });
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      'server/src/features/lti/lti-cli.ts',
      'add-platform',
      ...['--name', 'Reference LMS', '--issuer', lms.issuer, '--client-id', lms.clientId],
      ...['--deployment', lms.deploymentId, '--login-url', lms.authLoginUrl],
      ...['--token-url', lms.accessTokenUrl, '--jwks-url', lms.jwksUrl],
    ],
    { cwd: root, env: lectern.env, stdio: 'pipe' },
  );
  await lectern.start();
});

afterAll(async () => {
  await lectern?.close();
  await lms?.close();
});

/**
 * A browser of its own opening the LMS's course page as one of its people; Lectern's frame within.
 * `query` asks the page for a kept item (`item=0`) or for content by deep linking (`add=1`).
 */
async function openCourseInLms(sub: string, context: string, query = '') {
  const browserContext = await chromiumFixture.browser.newContext();
  const page = await browserContext.newPage();
  page.setDefaultTimeout(ACTION_CEILING_MS);
  await page.goto(`${lms.base}/course/${context}?as=${sub}${query && `&${query}`}`);
  return { context: browserContext, page, lectern: page.frameLocator('iframe[title="Lectern"]') };
}

/**
 * A launch performed over HTTP as a browser would (the login initiation, the platform's authorization,
 * the form post, the handover): the person's bearer token, for setting up what the browser test needs.
 */
async function tokenByLaunch(person: LmsPerson): Promise<string> {
  const initiation = await fetch(`${lecternUrl}/lti/login?${new URLSearchParams(lms.initiation(person))}`, {
    redirect: 'manual',
  });
  const cookie = initiation.headers.getSetCookie()[0]!.split(';')[0]!;
  const form = await lms.authorize(initiation.headers.get('location')!, person);
  const launch = await fetch(`${lecternUrl}/lti/launch`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(form),
  });
  const code = /#code=([\w-]+)/.exec(launch.headers.get('location') ?? '')![1];
  const handover = await fetch(`${lecternUrl}/api/lti/handover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return ((await handover.json()) as { token: string }).token;
}

async function createLecture(token: string, courseId: string, title: string): Promise<string> {
  const now = new Date().toISOString();
  const res = await fetch(`${lecternUrl}/api/upload/createLectureOnly`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      courseID: courseId,
      title,
      topic: 'Kinetics',
      lectureDate: now,
      lectureDateStart: now,
      lectureDateEnd: now,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A tab of its own on Lectern's page `path`, signed in with the bearer token (as its web app keeps one). */
async function signedInTab(token: string, path: string) {
  const me = (await (
    await fetch(`${lecternUrl}/api/login`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: string };
  const page = await (await chromiumFixture.browser.newContext()).newPage();
  page.setDefaultTimeout(ACTION_CEILING_MS);
  await page.goto(`${lecternUrl}/login`);
  await page.evaluate((session) => localStorage.setItem('lectern.session', JSON.stringify(session)), {
    token,
    userId: me.id,
  });
  await page.goto(`${lecternUrl}${path}`);
  return page;
}

async function firstCourseOf(token: string, userId: string): Promise<string> {
  const res = await fetch(`${lecternUrl}/api/courses/user-courses/${userId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { createdCourses: { id: string }[] }).createdCourses[0]!.id;
}

describe('an LMS course page framing Lectern', () => {
  it('signs the instructor in as the course administrator, then a learner as a student', async () => {
    const context = { id: 'phys-101', title: 'Physics 101' };
    lms.enrol({ sub: 'prof-lin', name: 'Prof Lin', roles: [ROLE.instructor], context });
    lms.enrol({ sub: 'student-sam', name: 'Sam Student', roles: [ROLE.learner], context });

    const prof = await openCourseInLms('prof-lin', 'phys-101');
    await prof.lectern.getByRole('heading', { name: 'Physics 101' }).waitFor();
    await prof.lectern.getByRole('link', { name: '+ Upload a new lecture video' }).waitFor();
    // The code travelled in the fragment and is gone from the address the frame shows.
    const frameUrl = prof.page
      .frames()
      .find((f) => f.url().startsWith(lecternUrl))!
      .url();
    expect(frameUrl).toMatch(/\/courses\/[\w-]+$/);

    const sam = await openCourseInLms('student-sam', 'phys-101');
    await sam.lectern.getByRole('heading', { name: 'Physics 101' }).waitFor();
    expect(await sam.lectern.getByRole('link', { name: '+ Upload a new lecture video' }).count()).toBe(0);
  });

  it('lets an instructor deep-link a lecture; a learner launches it, lands on it, and opens it in a new tab', async () => {
    const context = { id: 'chem-201', title: 'Chemistry 201' };
    const prof = { sub: 'prof-ray', name: 'Prof Ray', roles: [ROLE.instructor], context };
    lms.enrol(prof);
    lms.enrol({ sub: 'student-kim', name: 'Kim Student', roles: [ROLE.learner], context });
    const token = await tokenByLaunch(prof);
    const me = (await (
      await fetch(`${lecternUrl}/api/login`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string };
    const lectureId = await createLecture(token, await firstCourseOf(token, me.id), 'Week 3: Reaction rates');

    // The instructor adds Lectern content from the LMS: the picker opens in the frame.
    const adding = await openCourseInLms('prof-ray', 'chem-201', 'add=1');
    await adding.lectern.getByRole('heading', { name: 'Add Lectern content to your course' }).waitFor();
    await adding.lectern.getByRole('button', { name: 'Add lecture Week 3: Reaction rates' }).click();
    // The platform checked the signed answer and kept the item.
    await adding.lectern.getByRole('heading', { name: 'Content added' }).waitFor();
    await adding.lectern.getByText('Week 3: Reaction rates').waitFor();
    expect(lms.items).toHaveLength(1);
    expect(lms.items[0]!.custom).toEqual({ lecture_id: lectureId });

    // A learner launches the item: straight onto the lecture.
    const kim = await openCourseInLms('student-kim', 'chem-201', 'item=0');
    await kim.lectern.getByRole('heading', { name: 'Week 3: Reaction rates' }).waitFor();

    // Open in a new tab: a top-level Lectern tab, on the same page, signed in by a new one-time code.
    const [tab] = await Promise.all([
      kim.context.waitForEvent('page'),
      kim.lectern.getByRole('button', { name: 'Open in a new tab' }).click(),
    ]);
    tab.setDefaultTimeout(ACTION_CEILING_MS);
    await tab.getByRole('heading', { name: 'Week 3: Reaction rates' }).waitFor();
    expect(tab.url()).toBe(`${lecternUrl}/lecture/${lectureId}`);
    await tab.getByRole('button', { name: 'Logout' }).waitFor();
    // No button to open a new tab from a tab that is not in a frame.
    expect(await tab.getByRole('button', { name: 'Open in a new tab' }).count()).toBe(0);
  });

  it("shows the course's LMS roster on its edit page, and syncs it again on demand", async () => {
    const context = { id: 'bio-301', title: 'Biology 301' };
    const prof = { sub: 'prof-ng', name: 'Prof Ng', roles: [ROLE.instructor], context };
    const member = (sub: string) => ({
      user_id: sub,
      roles: [ROLE.learner],
      name: sub,
      status: 'Active' as const,
    });
    lms.setRoster('bio-301', [{ user_id: prof.sub, roles: prof.roles }, member('ann'), member('bo')]);
    lms.enrol(prof);
    const token = await tokenByLaunch(prof);
    const me = (await (
      await fetch(`${lecternUrl}/api/login`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string };
    const courseId = await firstCourseOf(token, me.id);

    // The course's edit page in a tab of its own, signed in as the instructor.
    const page = await signedInTab(token, `/editCourse/${courseId}`);
    await page.getByRole('heading', { name: 'Roster from your LMS' }).waitFor();
    await page.getByText(/^Synced 3 members (just now|1 min ago)\.$/).waitFor();

    lms.setRoster('bio-301', [{ user_id: prof.sub, roles: prof.roles }, member('ann')]);
    await page.getByRole('button', { name: 'Sync roster from Reference LMS' }).click();
    await page.getByText(/^Synced 2 members (just now|1 min ago)\.$/).waitFor();
  });

  it("sends a learner's watch progress to the LMS gradebook once the instructor turns it on", async () => {
    const context = { id: 'geo-110', title: 'Geology 110' };
    lms.gradebook.offer('geo-110');
    const prof = { sub: 'prof-oz', name: 'Prof Oz', roles: [ROLE.instructor], context };
    lms.enrol(prof);
    lms.enrol({ sub: 'student-lee', name: 'Lee Student', roles: [ROLE.learner], context });
    const token = await tokenByLaunch(prof);
    const me = (await (
      await fetch(`${lecternUrl}/api/login`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string };
    const courseId = await firstCourseOf(token, me.id);
    const lectureId = await createLecture(token, courseId, 'Week 1: Rocks');
    const owner = { id: me.id, name: 'Prof Oz', email: '', password: '', token };
    const videoId = await uploadVideo(owner, { courseId, lectureId }, 'lecture-10s.mp4', 'Rocks', lecternUrl);

    // The instructor turns it on from the lecture's edit page: the LMS gets a line item for the lecture.
    const edit = await signedInTab(token, `/editLecture/${lectureId}`);
    await edit.getByRole('heading', { name: 'Gradebook' }).waitFor();
    await edit.getByRole('checkbox', { name: 'Send watch progress to the gradebook' }).check();
    await expect.poll(() => lms.gradebook.lineItems.size, { timeout: 30_000 }).toBe(1);
    const [lineItem] = [...lms.gradebook.lineItems.values()];
    expect(lineItem).toMatchObject({ label: 'Week 1: Rocks', resourceId: lectureId, scoreMaximum: 100 });

    // The learner launches an item of the lecture's video (as deep linking places one), plays to past 0:04,
    // pauses, and asks a question at that moment.
    lms.items.push({
      type: 'ltiResourceLink',
      title: 'Rocks',
      custom: { lecture_id: lectureId, video_id: videoId },
      resourceLinkId: 'rocks-link',
    });
    const lee = await openCourseInLms('student-lee', 'geo-110', `item=${lms.items.length - 1}`);
    const video = lee.lectern.locator('#root video').first();
    await video.waitFor();
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(4);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    const question = 'Why are these rocks layered at this moment?';
    await lee.lectern.getByLabel('Ask a question about this moment of the video').fill(question);
    await lee.lectern.getByRole('button', { name: 'Submit question' }).click();
    await lee.lectern.getByText(question).first().waitFor();

    // The LMS receives the learner's score: the share of the 10 s video they watched.
    await expect
      .poll(() => lms.gradebook.scores.filter((s) => s.userId === 'student-lee').length, { timeout: 60_000 })
      .toBe(1);
    const [score] = lms.gradebook.scores.filter((s) => s.userId === 'student-lee');
    expect(score).toMatchObject({
      lineItem: lineItem!.id,
      scoreMaximum: 100,
      gradingProgress: 'FullyGraded',
    });
    expect(score!.scoreGiven).toBeGreaterThanOrEqual(35);
    expect(score!.scoreGiven).toBeLessThanOrEqual(100);
  });
});
