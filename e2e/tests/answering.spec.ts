import { STATUS_TEXT, SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { FIXTURES, askViaApi, seedClassroom } from '../support/seed';

// Answering is not a dead end (issue 11 #6): the respond page plays the lecture at the moment the
// question was asked, and after an upload offers the next question and the way back to Action Items.

describe('answering', () => {
  const b = useBrowser();

  it('an instructor sees the moment asked, answers, goes on to the next question, then back to Action Items', async () => {
    const { admin, student, videoId } = await seedClassroom();
    const first = 'Why does the square turn red at this moment?';
    const second = 'What is the counter in the corner counting?';
    await askViaApi(student, videoId, first, 42);
    await askViaApi(student, videoId, second, 10);

    const { page } = b;
    await loginThroughUi(page, admin);
    await page.goto('/action-items');
    await page
      .getByRole('listitem')
      .filter({ hasText: first })
      .getByRole('link', { name: 'Respond to question' })
      .click();

    await page.getByRole('heading', { name: 'The lecture at 0:42, where it was asked' }).waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video');
      return v !== null && v.readyState >= 1 && Math.abs(v.currentTime - 42) < 0.5;
    });

    const upload = async () => {
      await page
        .getByLabel('Response video (MP4, MOV, WebM or MKV)')
        .setInputFiles(`${FIXTURES}/answer-4s.mp4`);
      await page.getByRole('button', { name: 'Upload response' }).click();
      await page.getByText(SUCCESS.fileUploadSuccessful).waitFor();
    };
    await upload();
    await page.getByText('Your response was uploaded').waitFor();
    await page.getByRole('link', { name: 'Next question' }).click();

    await page.getByText(second).waitFor();
    await page.getByRole('heading', { name: 'The lecture at 0:10, where it was asked' }).waitFor();
    expect(await page.getByText('Your response was uploaded').count()).toBe(0);
    await upload();
    await page.getByText('No other question is waiting for a response.').waitFor();
    expect(await page.getByRole('link', { name: 'Next question' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Action Items' }).click();
    await page.getByText(STATUS_TEXT.actionItemsEmpty).waitFor();
  });
});
