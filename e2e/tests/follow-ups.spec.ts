import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { answerInWordsViaApi, askViaApi, seedClassroom } from '../support/seed';
import { countNavigations, instructorOnActionItems, watchWithStreamOpen } from '../support/watch';

// Follow-ups (issue 24): a student asks one under an answered card; the instructor's Action Items shows
// it without a reload, the instructor answers it in words, and the student's open overlay shows the answer,
// all through the events stream.

describe('follow-ups', () => {
  const b = useBrowser();

  it('a follow-up reaches Action Items and its answer reaches the student without reloading', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const question = 'Why is the acceleration negative here?';
    const asked = await askViaApi(student, videoId, question, 25);
    await answerInWordsViaApi(admin, asked.id, 'It points *down*.');

    const teacher = await instructorOnActionItems(b, admin);

    const { page } = b;
    await watchWithStreamOpen(page, student, videoId, ids.lectureId);
    const navigations = countNavigations(page);
    const cards = page.getByRole('region', { name: 'Questions at this moment' });
    await cards.getByRole('button', { name: new RegExp(question) }).click();
    const dialog = page.getByRole('dialog', { name: question });
    await dialog.getByLabel('Ask a follow-up').fill('Even while it speeds up?');
    await dialog.getByRole('button', { name: 'Post follow-up' }).click();
    await dialog.getByText('Even while it speeds up?').waitFor();

    const row = teacher.getByRole('link', { name: `Follow-up on: ${question}` });
    await row.waitFor({ timeout: 9_000 });
    await row.click();
    await teacher.getByLabel('Answer this follow-up').fill('Yes: the **sign** says which way.');
    await teacher.getByRole('button', { name: 'Send answer' }).click();

    await dialog.locator('.follow-up-answer strong', { hasText: 'sign' }).waitFor({ timeout: 10_000 });
    expect(navigations()).toBe(0);
    await teacher.context().close();
  });
});
