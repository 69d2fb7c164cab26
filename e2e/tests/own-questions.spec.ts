import { type QuestionDto, SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi } from '../support/api';
import { streamOpened, useBrowser } from '../support/browser';
import { waitForMetadata } from '../support/player';
import { answerViaApi, seedClassroom } from '../support/seed';

// A student's question stays in sight after they ask (issue 11 #1): on the watch page beside the
// others, on Home, and on the video's questions page, and it turns to answered when the answer arrives.

describe('own questions', () => {
  const b = useBrowser();

  it('a student sees their waiting question on the watch page and Home, then answered without a reload', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const question = 'Why does the square change colour at this point?';
    const { page } = b;
    await loginThroughUi(page, student);
    await page.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    await waitForMetadata(page);
    await page.getByLabel('Ask a question about this moment of the video').fill(question);
    await page.getByRole('button', { name: 'Submit question' }).click();
    await page.getByText(SUCCESS.questionSubmitted(question)).waitFor();

    const mine = page.getByRole('region', { name: 'Your questions about this video' });
    const item = mine.getByRole('listitem').filter({ hasText: question });
    await item.getByText('Waiting for a response · at 0:00').waitFor();

    // The video's questions page is linked from the watch page.
    await mine.getByRole('link', { name: 'All questions about this video' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: question })
      .getByText('Waiting for a response')
      .waitFor();

    await page.getByRole('link', { name: 'Home' }).click();
    const waiting = page.getByRole('region', { name: 'Your questions waiting for a response' });
    const onHome = waiting.getByRole('listitem').filter({ hasText: question });
    await onHome.getByText('Waiting for a response').waitFor();
    expect(await onHome.getByRole('link', { name: 'Questions on lecture-90s' }).count()).toBe(1);

    const stream = streamOpened(page);
    await page.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    await item.getByText('Waiting for a response').waitFor();
    await stream;
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const [asked] = await apiCall<QuestionDto[]>(`/api/questions/user-questions/${student.id}`, {
      token: student.token,
    });
    await answerViaApi(admin, asked!.id);

    // The events stream brings the answer: the item turns to answered and a toast says so.
    await item.getByText('Answered · at 0:00').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Your question has a response.' }).waitFor();
    await item.getByRole('button', { name: 'Watch the response' }).click();
    await page.getByRole('dialog', { name: question }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Home' }).click();
    const answered = page.getByRole('region', { name: 'Your questions with responses' });
    await answered.getByText(question).waitFor();
    expect(await page.getByRole('region', { name: 'Your questions waiting for a response' }).count()).toBe(0);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});
