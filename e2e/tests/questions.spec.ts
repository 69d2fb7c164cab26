import { CONFIRM, ERRORS, MEDIA, STATUS_TEXT, SUCCESS, VALIDATION } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { newUserPage, useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { videoState, waitForMetadata } from '../support/player';
import { respondWithTestVideo } from '../support/respond';
import { FIXTURES, answerViaApi, askViaApi } from '../support/seed';

// Asking and answering (SPEC §2 Video, Home, Action Items, Respond, Course questions, Lecture with
// responses, /videoAdmin; §4).

describe('asking and answering', () => {
  const b = useBrowser();
  const classroom = useClassroom();
  /** The classroom's student asks on its video at `time` seconds, through the API. */
  const studentAsks = (question: string, time: number) =>
    askViaApi(classroom.student, classroom.videoId, question, time);

  it('a student asks at a moment; the instructor answers; the student sees the card, plays and rates the answer', async () => {
    const question = 'Why does the square move left at this moment?';
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
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
    await loginThroughUi(teacher, classroom.admin);
    const needs = teacher.getByRole('region', { name: 'Questions needing a response' });
    await needs.getByText(question).waitFor();
    expect(await needs.textContent()).toContain('Asked by Sam Student at 0:35');
    await teacher.getByRole('link', { name: 'Action Items' }).click();
    await teacher.getByRole('heading', { name: 'Questions needing a response, sorted by course' }).waitFor();
    await teacher.getByText(question).waitFor();
    await respondWithTestVideo(teacher);
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
    const asked = await studentAsks('Where does the SQUARE pattern come from?', 35);
    await answerViaApi(classroom.admin, asked.id);
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/courses/${classroom.ids.courseId}/questions`);
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

  it('a student opens a recent response from Home and finds it in the lecture with responses', async () => {
    const question = 'What does the colour of the bars on screen mean?';
    const asked = await studentAsks(question, 12);
    await answerViaApi(classroom.admin, asked.id);
    const { page } = b;
    await loginThroughUi(page, classroom.student);
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
    await page.waitForURL(`**/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
  });

  it('the instructor lecture view lists both kinds of question; editing and deleting go back to it', async () => {
    const pending = await studentAsks('Is the tone frequency important here?', 50);
    const done = await studentAsks('How fast is the pattern moving, roughly?', 70);
    await answerViaApi(classroom.admin, done.id);
    const { page } = b;
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/videoAdmin/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    const needs = page.getByRole('region', { name: 'Questions that need a response' });
    const answered = page.getByRole('region', { name: 'Questions already responded to' });
    await needs.getByText(pending.question).waitFor();
    expect(await needs.textContent()).toContain('Asked by Sam Student at 0:50');
    await answered.getByText(done.question).waitFor();
    expect(await page.getByRole('link', { name: 'Edit lecture' }).getAttribute('href')).toBe(
      `/editLecture/${classroom.ids.lectureId}`,
    );
    expect(await page.getByRole('link', { name: 'Duplicate lecture' }).getAttribute('href')).toBe(
      `/duplicateLecture/${classroom.ids.lectureId}`,
    );

    await answered
      .getByRole('listitem')
      .filter({ hasText: done.question })
      .getByRole('link', { name: 'Edit Response' })
      .click();
    await page
      .getByLabel('Question', { exact: true })
      .fill('How fast is the pattern moving, in pixels per second?');
    await page.getByLabel(/Delete Response/).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(SUCCESS.questionUpdated).waitFor();
    await page.waitForURL(`**/videoAdmin/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await needs.getByText('How fast is the pattern moving, in pixels per second?').waitFor();

    await needs
      .getByRole('listitem')
      .filter({ hasText: pending.question })
      .getByRole('link', { name: 'Respond to question' })
      .click();
    await page.getByRole('button', { name: 'Upload response' }).click();
    await page.getByText(VALIDATION.selectFile).waitFor();
    await page
      .getByLabel('Response video (MP4, MOV, WebM or MKV)')
      .setInputFiles(`${FIXTURES}/text-disguised-as.mp4`);
    await page.getByRole('button', { name: 'Upload response' }).click();
    await page.getByText(`File Upload Failed: ${MEDIA.notAVideo}`).waitFor();
    page.once('dialog', (d) => {
      expect(d.message()).toBe(CONFIRM.deleteQuestion);
      void d.accept();
    });
    await page.getByLabel('Delete Question').check();
    await page.getByText(SUCCESS.questionDeleted).waitFor();
    await page.waitForURL(`**/videoAdmin/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await needs.getByText('How fast is the pattern moving, in pixels per second?').waitFor();
    await needs.getByText(pending.question).waitFor({ state: 'detached' });
  });

  it('the meeting-end landing marks the question as processing', async () => {
    const asked = await studentAsks('Could you explain the last formula again?', 80);
    const { page } = b;
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/handleBBBMeetingEnd/${asked.id}`);
    await page.getByText(STATUS_TEXT.meetingEnded).waitFor();
    await page.goto('/action-items');
    const item = page.getByRole('listitem').filter({ hasText: asked.question });
    await item.getByText(STATUS_TEXT.processing).waitFor();

    // BigBlueButton sends the asker there too (issue 21): no error of a call that is not theirs, and
    // the way back to the video and what becomes of the recording.
    const asker = await newUserPage(b);
    await loginThroughUi(asker, classroom.student);
    await asker.goto(`/handleBBBMeetingEnd/${asked.id}`);
    const after = asker.getByRole('navigation', { name: 'After the meeting' });
    await after.getByText(/recording becomes the answer once it is processed/).waitFor();
    expect(await asker.getByText(ERRORS.questionStatusFailed).count()).toBe(0);
    await after.getByRole('link', { name: /^Back to / }).click();
    await asker.waitForURL(new RegExp(`/video/${classroom.videoId}(\\?lectureId=[0-9a-f-]+)?$`));
    await asker.context().close();
  });
});
