/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser, so this file also needs the DOM types.
import fs from 'node:fs';
import {
  ANONYMOUS,
  CONFIRM,
  ERRORS,
  type CourseDto,
  type LectureDto,
  type QuestionDto,
  STATUS_TEXT,
  SUCCESS,
  VALIDATION,
  type VideoDto,
} from '@lectern/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { baseURL, newUserPage, useBrowser } from '../support/browser';

// Watching, asking and answering (SPEC §2 Video, Home, Action Items, Respond, Course questions; §4).
const FIXTURES = '/work/shared/fixtures';
const HOUR = 60 * 60 * 1000;

/** A course of `admin` that `student` joined, with one released lecture, live now or not. */
async function seedLecture(admin: E2eUser, student: E2eUser, live = false) {
  const course = await apiCall<CourseDto>('/api/courses', {
    method: 'POST',
    token: admin.token,
    body: { name: `Physics ${admin.id.slice(0, 4)}`, description: 'Motion and light' },
  });
  await apiCall('/api/courses/join', { method: 'POST', token: student.token, body: { courseId: course.id } });
  const now = Date.now();
  const lecture = await apiCall<LectureDto>('/api/upload/createLectureOnly', {
    method: 'POST',
    token: admin.token,
    body: {
      courseID: course.id,
      title: 'Kinematics',
      topic: 'Motion',
      lectureDate: new Date(now - 2 * HOUR).toISOString(),
      lectureDateAvailable: new Date(now - 3 * HOUR).toISOString(),
      lectureDateStart: new Date(now - 2 * HOUR).toISOString(),
      lectureDateEnd: new Date(now + (live ? HOUR : -HOUR)).toISOString(),
    },
  });
  return { courseId: course.id, lectureId: lecture.id };
}

/** The instructor's multipart upload of a fixture into the lecture (POST /api/upload/videoFileToLecture). */
async function uploadVideo(admin: E2eUser, ids: { courseId: string; lectureId: string }, file: string) {
  const form = new FormData();
  form.append('courseID', ids.courseId);
  form.append('lectureID', ids.lectureId);
  form.append('title', file.replace('.mp4', ''));
  form.append('sourceType', 'localFile');
  form.append('file', new Blob([fs.readFileSync(`${FIXTURES}/${file}`)], { type: 'video/mp4' }), file);
  const res = await fetch(`${baseURL()}/api/upload/videoFileToLecture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${file} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as VideoDto).id;
}

/** A question asked through the API (POST /api/questions). */
const askViaApi = (asker: E2eUser, videoId: string, question: string, time: number) =>
  apiCall<QuestionDto>('/api/questions', {
    method: 'POST',
    token: asker.token,
    body: { question, videoId, time },
  });

/** The instructor's answer through the multipart endpoint (POST /api/upload/videoResponse). */
async function answerViaApi(admin: E2eUser, questionID: string) {
  const form = new FormData();
  form.append('questionID', questionID);
  form.append('title', 'Answer');
  form.append('sourceType', 'localFile');
  form.append(
    'file',
    new Blob([fs.readFileSync(`${FIXTURES}/answer-4s.mp4`)], { type: 'video/mp4' }),
    'a.mp4',
  );
  const res = await fetch(`${baseURL()}/api/upload/videoResponse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`answer → ${res.status} ${await res.text()}`);
}

const lectureVideo = (page: Page) => page.locator('video').first();
const videoState = (page: Page) =>
  lectureVideo(page).evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused }));
const waitForMetadata = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);

describe('watching, asking and answering', () => {
  const b = useBrowser();
  let admin: E2eUser;
  let student: E2eUser;
  let ids: { courseId: string; lectureId: string };
  let videoId: string;

  beforeAll(async () => {
    [admin, student] = await Promise.all([
      signupViaApi({ name: 'Prof Ada' }),
      signupViaApi({ name: 'Sam Student' }),
    ]);
    ids = await seedLecture(admin, student);
    videoId = await uploadVideo(admin, ids, 'lecture-90s.mp4');
  });

  it('a student asks at a moment; the instructor answers; the student sees the card, plays and rates the answer', async () => {
    const question = 'Why does the square move left at this moment?';
    const { page } = b;
    await loginThroughUi(page, student);
    await page.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    await waitForMetadata(page);
    await page.getByRole('button', { name: 'Forward 25 seconds' }).click();
    await page.getByRole('button', { name: 'Forward 10 seconds' }).click();
    expect((await videoState(page)).time).toBeCloseTo(35, 0);

    const box = page.getByLabel('Ask a question about this moment of the video');
    await box.fill('Why?');
    await page.getByRole('button', { name: 'Submit question' }).click();
    await page.getByText(VALIDATION.questionTooShort).waitFor();
    await box.fill(question);
    await page.getByRole('button', { name: 'Submit question' }).click();
    await page.getByText(SUCCESS.questionSubmitted(question)).waitFor();
    expect(await box.inputValue()).toBe('');

    // The instructor sees it on Home and in Action Items, and answers with an mp4.
    const teacher = await newUserPage(b);
    await loginThroughUi(teacher, admin);
    const needs = teacher.getByRole('region', { name: 'Questions needing a response' });
    await needs.getByText(question).waitFor();
    expect(await needs.textContent()).toContain('Asked by Sam Student at 0:35');
    await teacher.getByRole('link', { name: 'Action Items' }).click();
    await teacher.getByRole('heading', { name: 'Questions needing a response, sorted by course' }).waitFor();
    await teacher.getByText(question).waitFor();
    await teacher.getByRole('link', { name: 'Respond to question' }).click();
    await teacher.getByLabel('Response video (mp4)').setInputFiles(`${FIXTURES}/answer-4s.mp4`);
    await teacher.getByRole('button', { name: 'Upload response' }).click();
    await teacher.getByText(SUCCESS.fileUploadSuccessful).waitFor({ timeout: 20_000 });
    await teacher.goto('/action-items');
    await teacher.getByText(/You do not currently have anything/).waitFor();
    await teacher.context().close();

    // Back on the lecture: no card at 0:00, the card appears 10 s before the moment asked.
    await page.reload();
    await waitForMetadata(page);
    const cards = page.getByRole('region', { name: 'Questions at this moment' });
    expect(await cards.getByRole('button').count()).toBe(0);
    await page.getByRole('button', { name: 'Forward 25 seconds' }).click();
    // Keyboard only: the card is a real button, Enter opens the overlay.
    await cards.getByRole('button', { name: new RegExp(question) }).focus();
    await page.keyboard.press('Enter');

    const overlay = page.getByRole('dialog', { name: question });
    await overlay.waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('dialog video');
      return v !== null && !v.paused && v.currentTime > 0;
    });
    const up = overlay.getByRole('button', { name: 'Upvote' });
    await up.click();
    await overlay.getByLabel('Rating 1').waitFor();
    expect(await up.getAttribute('aria-pressed')).toBe('true');
    expect(await overlay.getByRole('button', { name: 'Downvote' }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    await overlay.getByRole('button', { name: 'Close' }).click();
    await overlay.waitFor({ state: 'detached' });
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('video')?.paused);
    expect((await videoState(page)).time).toBeGreaterThanOrEqual(25);
  });

  it('course questions: the search filters the answered questions; a time loads the video there', async () => {
    const asked = await askViaApi(student, videoId, 'Where does the SQUARE pattern come from?', 35);
    await answerViaApi(admin, asked.id);
    const { page } = b;
    await loginThroughUi(page, student);
    await page.goto(`/courses/${ids.courseId}/questions`);
    const list = page.getByRole('listitem').filter({ hasText: asked.question });
    await list.waitFor();
    const search = page.getByLabel('Search questions');
    await search.fill('square pattern');
    expect(await list.count()).toBe(1);
    await list.getByRole('button', { name: 'Jump to 0:35' }).click();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video');
      return v !== null && v.readyState >= 1 && Math.abs(v.currentTime - 35) < 0.5;
    });
    await search.fill('entropy');
    await page.getByText('No answered questions match.').waitFor();
    expect(await list.count()).toBe(0);
  });

  it('an anonymous visitor may watch but sees both warnings and no question box', async () => {
    const { page } = b;
    await page.goto(`/video/${videoId}`);
    await page.getByText(ANONYMOUS.warning).waitFor();
    await page.getByText(ANONYMOUS.askingDisabled).waitFor();
    expect(await page.getByLabel('Ask a question about this moment of the video').count()).toBe(0);
    await waitForMetadata(page);

    await page.goto('/video/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Video Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  });

  it('refuses fullscreen (pause, alert, exit); play, pause and speed changes are logged', async () => {
    const { page } = b;
    const logged: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/logging/log')) logged.push(r.postDataJSON() as Record<string, unknown>);
    });
    await loginThroughUi(page, student);
    await page.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    await waitForMetadata(page);
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => v.play());
    const dialog = page.waitForEvent('dialog');
    void page.evaluate(() => document.querySelector('video')?.requestFullscreen());
    const alert = await dialog;
    expect(alert.message()).toBe(CONFIRM.fullscreen);
    await alert.accept();
    await page.waitForFunction(() => document.fullscreenElement === null);
    expect((await videoState(page)).paused).toBe(true);
    await expect.poll(() => logged.map((e) => e.action)).toEqual(['videoPlayLecture', 'videoPauseLecture']);
    expect(logged[0]).toMatchObject({ videoID: videoId, lectureID: ids.lectureId, courseID: ids.courseId });

    // The speed select offers 0.5× to 2.0× and sets the rate, which is logged with the rate.
    const speed = page.getByLabel('Playback speed');
    const options = await speed.locator('option').allTextContents();
    expect([options[0], options[1], options.at(-1), options.length]).toEqual(['0.5×', '0.6×', '2.0×', 16]);
    await speed.selectOption('1.5');
    expect(await lectureVideo(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    await expect.poll(() => logged.at(-1)).toMatchObject({ action: 'videoRateChangeLecture', rate: 1.5 });
  });

  it('plays the next video of the lecture when one ends', async () => {
    const { page } = b;
    const two = await seedLecture(admin, await signupViaApi());
    const first = await uploadVideo(admin, two, 'lecture-10s.mp4');
    const second = await uploadVideo(admin, two, 'lecture-6s.mp4');
    await loginThroughUi(page, admin);
    await page.goto(`/video/${first}?lectureId=${two.lectureId}`);
    await waitForMetadata(page);
    await page.getByRole('link', { name: 'lecture-10s (current)' }).waitFor();
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 1;
      return v.play();
    });
    await page.waitForURL(`**/video/${second}?lectureId=${two.lectureId}`);
    await page.getByRole('link', { name: 'lecture-6s (current)' }).waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video');
      return v !== null && !v.paused && v.currentTime > 0;
    });
  });

  it('a student opens a recent response from Home and finds it in the lecture with responses', async () => {
    const question = 'What does the colour of the bars on screen mean?';
    const asked = await askViaApi(student, videoId, question, 12);
    await answerViaApi(admin, asked.id);
    const { page } = b;
    await loginThroughUi(page, student);
    const recent = page.getByRole('region', { name: 'Your questions with responses' });
    await recent.getByText(question).waitFor();
    await recent
      .getByRole('listitem')
      .filter({ hasText: question })
      .getByRole('link', { name: 'click to view response' })
      .click();
    const overlay = page.getByRole('dialog', { name: question });
    await overlay.waitFor();
    await page.route('**/api/questions/ratings/**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await overlay.getByRole('button', { name: 'Downvote' }).click();
    await page.getByText(ERRORS.voteFailed).waitFor();
    expect(await overlay.getByRole('button', { name: 'Downvote' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'All questions with responses in this lecture' }).click();
    await page.getByRole('heading', { name: 'List of all questions with responses' }).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: question });
    await entry.getByRole('button', { name: 'Jump to 0:12' }).click();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video');
      return v !== null && Math.abs(v.currentTime - 12) < 0.5 && v.paused;
    });
    await entry.getByRole('button', { name: 'View Response' }).click();
    await page
      .getByRole('dialog', { name: question })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await page.getByRole('link', { name: 'Return to standard lecture view' }).click();
    await page.waitForURL(`**/video/${videoId}?lectureId=${ids.lectureId}`);
  });

  it('the instructor lecture view lists both kinds of question; editing and deleting go back to it', async () => {
    const pending = await askViaApi(student, videoId, 'Is the tone frequency important here?', 50);
    const done = await askViaApi(student, videoId, 'How fast is the pattern moving, roughly?', 70);
    await answerViaApi(admin, done.id);
    const { page } = b;
    await loginThroughUi(page, admin);
    await page.goto(`/videoAdmin/${videoId}?lectureId=${ids.lectureId}`);
    const needs = page.getByRole('region', { name: 'Questions that need a response' });
    const answered = page.getByRole('region', { name: 'Questions already responded to' });
    await needs.getByText(pending.question).waitFor();
    expect(await needs.textContent()).toContain('Asked by Sam Student at 0:50');
    await answered.getByText(done.question).waitFor();
    expect(await page.getByRole('link', { name: 'Edit lecture' }).getAttribute('href')).toBe(
      `/editLecture/${ids.lectureId}`,
    );
    expect(await page.getByRole('link', { name: 'Duplicate lecture' }).getAttribute('href')).toBe(
      `/duplicateLecture/${ids.lectureId}`,
    );

    await answered
      .getByRole('listitem')
      .filter({ hasText: done.question })
      .getByRole('link', { name: 'Edit Response' })
      .click();
    await page
      .getByLabel('Question', { exact: true })
      .fill('How fast is the pattern moving, in pixels per second?');
    expect(await page.getByLabel(/^Level/).inputValue()).toBe('1');
    await page.getByLabel(/Delete Response/).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(SUCCESS.questionUpdated).waitFor();
    await page.waitForURL(`**/videoAdmin/${videoId}?lectureId=${ids.lectureId}`);
    await needs.getByText('How fast is the pattern moving, in pixels per second?').waitFor();

    await needs
      .getByRole('listitem')
      .filter({ hasText: pending.question })
      .getByRole('link', { name: 'Respond to question' })
      .click();
    await page.getByRole('button', { name: 'Upload response' }).click();
    await page.getByText(VALIDATION.selectFile).waitFor();
    await page.getByLabel('Response video (mp4)').setInputFiles(`${FIXTURES}/webm-disguised-as.mp4`);
    await page.getByRole('button', { name: 'Upload response' }).click();
    await page.getByText(/^File Upload Failed: \d{3}$/).waitFor({ timeout: 20_000 });
    page.once('dialog', (d) => {
      expect(d.message()).toBe(CONFIRM.deleteQuestion);
      void d.accept();
    });
    await page.getByLabel('Delete Question').check();
    await page.getByText(SUCCESS.questionDeleted).waitFor();
    await page.waitForURL(`**/videoAdmin/${videoId}?lectureId=${ids.lectureId}`);
    await needs.getByText('How fast is the pattern moving, in pixels per second?').waitFor();
    await needs.getByText(pending.question).waitFor({ state: 'detached' });
  });

  it('the meeting-end landing marks the question as processing', async () => {
    const asked = await askViaApi(student, videoId, 'Could you explain the last formula again?', 80);
    const { page } = b;
    await loginThroughUi(page, admin);
    await page.goto(`/handleBBBMeetingEnd/${asked.id}`);
    await page.getByText(STATUS_TEXT.meetingEnded).waitFor();
    await page.goto('/action-items');
    const item = page.getByRole('listitem').filter({ hasText: asked.question });
    await item.getByText(STATUS_TEXT.processing).waitFor();
  });

  it('in the live window a question is sent as live; a failed send keeps the typed text', async () => {
    const liveIds = await seedLecture(admin, student, true);
    const liveVideo = await uploadVideo(admin, liveIds, 'lecture-10s.mp4');
    const { page } = b;
    await loginThroughUi(page, student);
    await page.goto(`/video/${liveVideo}?lectureId=${liveIds.lectureId}`);
    const box = page.getByLabel('Ask a question about this moment of the video');
    const text = 'Can we go over the second example live please?';
    await box.fill(text);
    await page.route('**/api/questions', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
    await page.getByRole('button', { name: 'Ask during the live discussion' }).click();
    await page.getByText(ERRORS.questionNotSubmitted).waitFor();
    expect(await box.inputValue()).toBe(text);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/questions') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Ask during the live discussion' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      question: text,
      videoId: liveVideo,
      live: true,
      userID: student.id,
    });
    await page.getByText(SUCCESS.questionSubmitted(text)).waitFor();
  });
});
