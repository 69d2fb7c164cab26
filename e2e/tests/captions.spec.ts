import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDto } from '@lectern/shared';
import { apiCall, loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { captionState, putCaptions } from '../support/captions';
import { useClassroom } from '../support/classroom';
import { seriousViolations } from '../support/page-check';
import { lectureVideo, waitForMetadata } from '../support/player';
import { HOUR, seedAnsweredQuestion, seedLecture, uploadVideo } from '../support/seed';

// Captions and transcripts (issue 13): captions over the video toggled with C, the transcript seeking, the
// course search opening a lecture at the moment a phrase was said, and the instructor's caption editor.

const LECTURE_1 = `WEBVTT

00:00:02.000 --> 00:00:06.000
Welcome to signals and systems

00:00:10.000 --> 00:00:14.000
The sampling theorem
`;
const LECTURE_2 = `WEBVTT

00:00:05.000 --> 00:00:09.000
Today: convolution

00:01:07.000 --> 00:01:11.000
the Fourier transform turns convolution into products
`;

describe('captions and transcripts', () => {
  const b = useBrowser();
  const classroom = useClassroom();
  let secondVideo: string;

  beforeAll(async () => {
    const at = Date.now() - 2 * HOUR;
    const two = await seedLecture(classroom.admin, {
      courseID: classroom.ids.courseId,
      title: 'Lecture 2',
      topic: 'Convolution',
      start: at,
      end: at + HOUR,
    });
    secondVideo = await uploadVideo(
      classroom.admin,
      { courseId: classroom.ids.courseId, lectureId: two.id },
      'lecture-90s.mp4',
      'Convolution',
    );
    await putCaptions(classroom.admin.token, `video/${classroom.videoId}`, LECTURE_1);
    await putCaptions(classroom.admin.token, `video/${secondVideo}`, LECTURE_2);
  });

  it('shows captions over the video at the right moment, toggled with C but not while typing', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    const toggle = page.getByRole('button', { name: 'Captions (C)' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    await page.locator('body').press('c');
    await expect.poll(async () => (await captionState(page)).mode).toBe('showing');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
    await expect.poll(async () => (await captionState(page)).text).toBe('Welcome to signals and systems');
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 8));
    await expect.poll(async () => (await captionState(page)).text).toBe('');
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 11));
    await expect.poll(async () => (await captionState(page)).text).toBe('The sampling theorem');

    // Typing a "c" into the question box leaves the captions alone.
    await page.getByLabel('Ask a question about this moment of the video').pressSequentially('cc');
    expect((await captionState(page)).mode).toBe('showing');
    await page.getByLabel('Ask a question about this moment of the video').blur();
    await page.keyboard.press('C');
    await expect.poll(async () => (await captionState(page)).mode).toBe('hidden');
    await toggle.click();
    await expect.poll(async () => (await captionState(page)).mode).toBe('showing');
  });

  it('lists the transcript without playing, and a click on a line seeks there', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    const transcript = page.getByRole('region', { name: 'Transcript' });
    const line = transcript.getByRole('button', { name: '0:10 The sampling theorem' });
    await line.waitFor();
    expect(await transcript.getByRole('listitem').count()).toBe(2);
    await line.click();
    await expect.poll(() => lectureVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(10);
    await expect.poll(() => line.getAttribute('aria-current')).toBe('true');

    // The lines are one Tab stop; the arrow keys move between them.
    await transcript.getByRole('button', { name: '0:02 Welcome to signals and systems' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await line.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds a phrase said at 1:07 in lecture 2 and opens the lecture there', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/courses/${classroom.ids.courseId}`);
    await page.getByLabel('Search lectures and answers').fill('turns convolution');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    expect(await results.getByRole('listitem').count()).toBe(1);
    expect(await results.locator('mark').allTextContents()).toEqual(['turns', 'convolution']);
    expect(await seriousViolations(page)).toEqual([]);
    await results.getByRole('link', { name: 'Lecture 2 at 1:07' }).click();
    await page.waitForURL(`**/video/${secondVideo}?lectureId=*`);
    await waitForMetadata(page);
    // The seek runs on 'loadedmetadata', a task queued after readyState changes: give a busy page time.
    await expect
      .poll(() => lectureVideo(page).evaluate((v: HTMLVideoElement) => Math.round(v.currentTime)))
      .toBe(67);
  });

  it('finds words said in an answer and opens that answer at their moment, with its transcript', async () => {
    const { page } = b;
    const asked = await seedAnsweredQuestion(
      classroom.admin,
      classroom.ids.courseId,
      classroom.videoId,
      'Why do wheels spin backwards on film?',
    );
    const { response } = await apiCall<QuestionDto>(`/api/questions/${asked.id}`, {
      token: classroom.admin.token,
    });
    await putCaptions(
      classroom.admin.token,
      `response/${response}`,
      'WEBVTT\n\n00:00:02.000 --> 00:00:03.500\nThe strobe effect is aliasing\n',
    );
    await loginThroughUi(page, classroom.student);
    await page.goto(`/courses/${classroom.ids.courseId}`);
    await page.getByLabel('Search lectures and answers').fill('strobe');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByText('Said in an answer at 0:02 into the answer', { exact: false }).waitFor();
    await results.getByRole('link', { name: 'Kinematics at 1:05' }).click();
    await page.waitForURL(`**/video/${classroom.videoId}/${response}?lectureId=*`);
    const overlay = page.getByRole('dialog', { name: 'Why do wheels spin backwards on film?' });
    const answer = overlay.getByLabel('Response video');
    // It starts there: what it has played begins at 0:02, not at 0:00 (followed by a seek). Read from the
    // video's own record of what it played, so a busy machine's slow frames cannot fail it (issue 26).
    await expect
      .poll(() => answer.evaluate((v: HTMLVideoElement) => (v.played.length ? v.played.start(0) : null)))
      .toBeGreaterThanOrEqual(2);
    const line = overlay
      .getByRole('region', { name: 'Transcript' })
      .getByRole('button', { name: '0:02 The strobe effect is aliasing' });
    await line.waitFor();
    await answer.evaluate((v: HTMLVideoElement) => v.pause());
    await line.click();
    await expect.poll(() => answer.evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lets the instructor edit a cue, save a new version, and refuses a broken file naming the line', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/captions/video/${classroom.videoId}`);
    await page.getByRole('heading', { name: 'Edit English captions' }).waitFor();
    await page.getByLabel('Text of cue 1').fill('Welcome to Signals and Systems, everyone');
    await page.getByRole('button', { name: 'End of cue 1 0.1 s later' }).click();
    expect(await page.getByRole('textbox', { name: 'End of cue 1', exact: true }).inputValue()).toBe(
      '00:00:06.100',
    );
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByText('English (en) · version 2 · 2 cues').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Caption file (WebVTT or SRT, UTF-8)').setInputFiles({
      name: 'broken.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03 --> 00:00:04,000\nbad\n'),
    });
    await page.getByLabel('Language code').fill('de');
    await page.getByLabel('Label shown to viewers').fill('Deutsch');
    await page.getByRole('button', { name: 'Upload captions' }).click();
    await page
      .getByRole('alert')
      .getByText('Line 6: "00:00:03" is not a timestamp (use hh:mm:ss.mmm)')
      .waitFor();
  });
});
