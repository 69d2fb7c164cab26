import { ERRORS, SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { seriousViolations } from '../support/page-check';
import { openAnswerToVote } from '../support/votes';
import { lectureVideo, waitForMetadata } from '../support/player';
import { askViaApi } from '../support/seed';

// Issue 11, finding 10: the small things (edit question's time as m:ss, Save with nothing changed, the
// usage and duplicate pages naming what they are about, taking a vote back, the question box's moment).

const NOTHING_CHANGED = 'Nothing to save: no changes were made.';

describe('small things', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  it('edit question shows the time as m:ss, keeps the stored seconds, takes m:ss and says when nothing changed', async () => {
    const { page } = b;
    const question = await askViaApi(
      classroom.student,
      classroom.videoId,
      'What does the slope of this graph mean?',
      53.622723,
    );
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/editQuestion/${question.id}`);
    const time = page.getByLabel('Time Asked (m:ss)');
    expect(await time.inputValue()).toBe('0:53');
    // Topic and Level are "currently unused" (SPEC §2): not shown.
    expect(await page.getByLabel(/Topic|Level/).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: NOTHING_CHANGED }).waitFor();
    const stored = () =>
      apiCall<{ timeAsked: number; level: number }>(`/api/questions/${question.id}`, {
        token: classroom.admin.token,
      });
    expect((await stored()).timeAsked).toBe(53.622723);

    await time.fill('1:2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter the time as m:ss, for example 0:42.' }).waitFor();

    await time.fill('1:05');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(SUCCESS.questionUpdated).waitFor();
    expect(await stored()).toMatchObject({ timeAsked: 65, level: question.level });
  });

  it('edit course and edit lecture say when there is nothing to save', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/editCourse/${classroom.ids.courseId}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: NOTHING_CHANGED }).waitFor();

    await page.goto(`/editLecture/${classroom.ids.lectureId}`);
    await page.getByLabel('Title', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).first().click();
    await page.getByRole('status').filter({ hasText: NOTHING_CHANGED }).waitFor();
    expect(page.url()).toContain(`/editLecture/${classroom.ids.lectureId}`);
  });

  it('Settings says when Update has nothing to send, and why', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto('/settings');
    await page.getByRole('checkbox', { name: 'Receive emails for question answers' }).waitFor();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('status').filter({ hasText: NOTHING_CHANGED }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('a much longer password');
    await page.getByRole('button', { name: 'Update' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Enter your old password to change your email or password.' })
      .waitFor();
  });

  it('the usage page names its video; the duplicate page names the lecture and its course', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/videoAdmin/${classroom.videoId}/usage?lectureId=${classroom.ids.lectureId}`);
    await page.getByRole('heading', { level: 1, name: 'Video Usage Summary' }).waitFor();
    await page.getByText('Video: lecture-90s').waitFor();

    await page.goto(`/duplicateLecture/${classroom.ids.lectureId}`);
    await page.getByRole('heading', { level: 1, name: 'Duplicate lecture "Kinematics"' }).waitFor();
    await page
      .getByText(/Copies the lecture "Kinematics" of the course Physics .+ into another of your courses\./)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a vote is taken back by pressing the same arrow again', async () => {
    const { page } = b;
    const { dialog, up } = await openAnswerToVote(page, classroom, 'Why is the acceleration constant here?');
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByLabel('Rating 1').waitFor();
    // At once, as a person changing their mind does (within the server's 1 s double-click window).
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('false');
    await dialog.getByLabel('Rating 0').waitFor();
    expect(await page.getByText(ERRORS.voteFailed).count()).toBe(0);
  });

  it('the question box says which moment the question will be pinned to, following the video', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    await page.getByText('Your question will be pinned to the video at 0:00.').waitFor();
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 42.5;
    });
    await page.getByText('Your question will be pinned to the video at 0:42.').waitFor();
    const box = page.getByLabel('Ask a question about this moment of the video');
    expect(await box.evaluate((el) => el.getAttribute('aria-describedby'))).toBeTruthy();
  });
});
