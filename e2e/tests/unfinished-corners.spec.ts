import { ACCOUNT_SECURITY } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { verifyAddress } from '../support/mail';
import { HOUR, joinCourse, seedClassroom, seedCourse, seedLecture } from '../support/seed';

// Issue 21, the corners that still looked unfinished: live badges, the join page, admins by e-mail,
// overlapping captions and a stale page after a redeploy.

describe('unfinished corners', () => {
  const b = useBrowser();

  it('marks the lecture in its live window "Live now" on Home and on the course page, in words', async () => {
    const { page } = b;
    const [admin, student] = await Promise.all([signupViaApi({ name: 'Prof Live' }), signupViaApi()]);
    const course = await seedCourse(admin, 'Live Optics');
    await joinCourse(student, course.id);
    const now = Date.now();
    await seedLecture(admin, {
      courseID: course.id,
      title: 'Refraction today',
      topic: 'Light',
      available: now - HOUR,
      start: now - 10 * 60_000,
      end: now + HOUR,
    });
    await seedLecture(admin, {
      courseID: course.id,
      title: 'Lenses next week',
      topic: 'Light',
      available: now - HOUR,
      start: now + 7 * 24 * HOUR,
      end: now + 7 * 24 * HOUR + HOUR,
    });
    await loginThroughUi(page, student);

    const upcoming = page.getByRole('region', { name: 'Upcoming lectures' });
    const card = (where: typeof upcoming, title: string) =>
      where.getByRole('listitem').filter({ hasText: title });
    await card(upcoming, 'Refraction today').getByText('Live now').waitFor();
    expect(await card(upcoming, 'Lenses next week').getByText('Live now').count()).toBe(0);

    await page.goto(`/courses/${course.id}`);
    const lectures = page.getByRole('main');
    await card(lectures, 'Refraction today').getByText('Live now').waitFor();
    expect(await card(lectures, 'Lenses next week').getByText('Live now').count()).toBe(0);
  });

  it('a join link names the course and its instructor before and while joining', async () => {
    const { page } = b;
    const [admin, student] = await Promise.all([signupViaApi({ name: 'Prof Grace' }), signupViaApi()]);
    const course = await seedCourse(admin, 'Compilers');
    await page.goto(`/login/${course.id}`);
    const preview = page.getByRole('region', { name: 'What this link joins' });
    await preview.getByText('Course Compilers').waitFor();
    await preview.getByText('Taught by Prof Grace').waitFor();

    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`**/courses/${course.id}`);
    await page.getByRole('heading', { name: 'Compilers', level: 1 }).waitFor();
  });

  it('the join page names a lecture link’s lecture, course and instructor', async () => {
    const { page } = b;
    const [admin, student] = await Promise.all([signupViaApi({ name: 'Prof Alan' }), signupViaApi()]);
    const course = await seedCourse(admin, 'Computability');
    const now = Date.now();
    const lecture = await seedLecture(admin, {
      courseID: course.id,
      title: 'Halting',
      topic: 'Limits',
      available: now - HOUR,
      start: now - 2 * HOUR,
      end: now - HOUR,
    });
    await loginThroughUi(page, student);
    // The join page joins at once and moves on; hold the join's answer so its page can be read.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/courses/join', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/courses/join/${lecture.id}`);
    const preview = page.getByRole('region', { name: 'What this link joins' });
    await preview.getByText('Lecture Halting of the course Computability').waitFor();
    await preview.getByText('Taught by Prof Alan').waitFor();
    release();
    await page.waitForURL(`**/lecture/${lecture.id}`);
  });

  it('"Add an admin" invites a member picked from the course, or anyone by e-mail address', async () => {
    const { page } = b;
    const [admin, pupil, colleague] = await Promise.all([
      signupViaApi({ name: 'Prof Owner' }),
      signupViaApi({ name: 'Pat Pupil' }),
      signupViaApi({ name: 'Carl Colleague' }),
    ]);
    const course = await seedCourse(admin, 'Thermodynamics');
    await joinCourse(pupil, course.id);
    await Promise.all([verifyAddress(admin.email), verifyAddress(colleague.email)]); // invitations by address reach proven owners
    const invitationsOf = (user: E2eUser) => apiCall<unknown[]>('/api/invitations', { token: user.token });
    await loginThroughUi(page, admin);

    await page.goto(`/editCourse/${course.id}`);
    await page.getByRole('link', { name: '+ Add an admin' }).click();
    expect(await page.getByLabel('Course', { exact: true }).inputValue()).toBe(course.id);
    const members = page.getByRole('group', { name: 'Or pick a member of the course' });
    await members.getByLabel('Find a member by name').fill('pat');
    await members.getByRole('radio', { name: 'Pat Pupil' }).check();
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByText(ACCOUNT_SECURITY.invitationSent).waitFor();
    await expect.poll(async () => (await invitationsOf(pupil)).length).toBe(1);

    await page.goto(`/add-admin?courseId=${course.id}`);
    await page.getByLabel('Admin email').fill(colleague.email);
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByText(ACCOUNT_SECURITY.invitationSent).waitFor();
    await expect.poll(async () => (await invitationsOf(colleague)).length).toBe(1);
  });

  it('a captions file whose cues overlap, as YouTube’s automatic ones do, is accepted one cue at a time', async () => {
    const { page } = b;
    const { admin, videoId } = await seedClassroom();
    await loginThroughUi(page, admin);
    await page.goto(`/captions/video/${videoId}`);
    await page.getByLabel('Caption file (WebVTT or SRT, UTF-8)').setInputFiles({
      name: 'auto.en.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(
        'WEBVTT\nKind: captions\nLanguage: en\n\n' +
          '00:00:00.160 --> 00:00:03.990 align:start position:0%\nso today we look at\n\n' +
          '00:00:02.110 --> 00:00:06.000 align:start position:0%\nthe heat equation\n',
      ),
    });
    await page.getByLabel('Language code').fill('en');
    await page.getByLabel('Label shown to viewers').fill('English (automatic)');
    await page.getByRole('button', { name: 'Upload captions' }).click();
    await page.getByText('English (automatic) (en) · version 1 · 2 cues').waitFor();
    const end1 = page.getByRole('textbox', { name: 'End of cue 1', exact: true });
    await expect.poll(() => end1.inputValue()).toBe('00:00:02.110');
    expect(await page.getByRole('textbox', { name: 'Start of cue 2', exact: true }).inputValue()).toBe(
      '00:00:02.110',
    );
  });

  it('a page whose code fails to load after a redeploy reloads once by itself, then offers "Reload"', async () => {
    const { page } = b;
    const student = await signupViaApi();
    await loginThroughUi(page, student);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents++;
    });
    // The Courses page's chunk is gone, as after a redeploy that renamed it.
    await page.route(/\/assets\/CoursesPage-[\w-]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    const reload = page.getByRole('button', { name: 'Reload' });
    await reload.waitFor();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    // It reloaded by itself, then stopped: the flag is set. (Under load Chromium has been seen to reload a
    // second time before the flag is read; never more.)
    const automatic = documents;
    expect(automatic).toBeGreaterThanOrEqual(1);
    expect(automatic).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => sessionStorage.getItem('lectern.chunkReload'))).toBe('1');

    await page.unroute(/\/assets\/CoursesPage-[\w-]+\.js$/);
    await reload.click();
    await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor();
    expect(documents).toBe(automatic + 1);
    // A page that loads clears the flag: the next redeploy reloads by itself again.
    expect(await page.evaluate(() => sessionStorage.getItem('lectern.chunkReload'))).toBeNull();
  });
});
