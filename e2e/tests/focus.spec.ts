import { beforeAll, describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { seriousViolations } from '../support/page-check';
import { waitForMetadata } from '../support/player';
import { seedAnsweredQuestion } from '../support/seed';

// Issue 11, finding 7: where focus goes after navigating, asking, and closing the answer overlay.

const focused = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName ?? '', text: el?.textContent?.trim() ?? '', id: el?.id ?? '' };
  });

describe('focus', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  beforeAll(async () => {
    const { admin, ids, videoId } = classroom;
    await seedAnsweredQuestion(admin, ids.courseId, videoId, 'Why does the ball slow down going up?');
  });

  it('moves to the new page heading on a route change, and the title names the page', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    await page.getByRole('link', { name: 'All questions with responses in this lecture' }).click();
    await page.waitForURL('**/lecture-with-responses/**');
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
    const heading = (await focused(page)).text;
    expect(await page.title()).toContain(heading);
  });

  it('returns to the question box after asking, and to the View Response button after the overlay', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    const box = page.getByLabel('Ask a question about this moment of the video');
    await box.fill('How fast is the ball at the top of its path?');
    await page.getByRole('button', { name: 'Submit question' }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

    const view = page.getByRole('button', { name: /View Response/ }).first();
    await view.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => view.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the usage page has no serious axe violation (the chart is not focusable while hidden)', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/videoAdmin/${classroom.videoId}/usage?lectureId=${classroom.ids.lectureId}`);
    await page.getByRole('heading', { name: 'Engagement over the video' }).waitFor();
    expect(await page.locator('figure[aria-hidden="true"] [tabindex]:not([tabindex="-1"])').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
