import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { PHONE, checkPage, horizontalOverflow } from '../support/page-check';
import { lectureVideo, waitForMetadata } from '../support/player';
import { seedAnsweredQuestion } from '../support/seed';

// Issue 21: on a phone the cards of the current moment sat ~1,650 px below the video and the answer
// played as a 134 px picture. Now the cards come right under the player, fold away behind their
// heading, and the answer plays across the whole width.

describe('the watch page on a phone', () => {
  const b = useBrowser();
  const classroom = useClassroom();
  const question = 'Why does the ball keep its horizontal speed?';

  it('shows the moment’s cards right under the player, folding by keyboard, and plays the answer full-width', async () => {
    await seedAnsweredQuestion(classroom.admin, classroom.ids.courseId, classroom.videoId, question);
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.setViewportSize(PHONE);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    // The question was asked at 1:05: its card shows from 0:50 (paused there, so it stays).
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => v.pause());
    await page.getByRole('button', { name: 'Forward 25 seconds' }).click();
    await page.getByRole('button', { name: 'Forward 25 seconds' }).click();
    const cards = page.getByRole('region', { name: 'Questions at this moment' });
    const card = cards.getByRole('button', { name: new RegExp(question) });
    await card.waitFor();

    const player = (await lectureVideo(page).boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.y).toBeGreaterThan(player.y + player.height);
    expect(cardBox.y).toBeLessThanOrEqual(player.y + player.height + PHONE.height);
    console.info(
      `phone: the card's top is ${Math.round(cardBox.y - player.y - player.height)} px under the player`,
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await checkPage(page, 'watch-moment-cards');

    // The heading is a button that folds the cards away and back, by keyboard, and says how many.
    const toggle = cards.getByRole('button', { name: /Questions at this moment \(1\)/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await card.waitFor({ state: 'hidden' });
    await page.keyboard.press('Space');
    await card.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    await card.focus();
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: question });
    const answer = overlay.getByLabel('Response video');
    await answer.waitFor();
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('dialog video')?.readyState ?? 0) >= 1,
    );
    const shown = await answer.evaluate((v: HTMLVideoElement) => {
      const box = v.getBoundingClientRect();
      return { width: box.width, height: box.height, aspect: v.videoWidth / v.videoHeight };
    });
    console.info(`phone: the answer plays ${Math.round(shown.width)}×${Math.round(shown.height)} px`);
    expect(shown.width).toBeGreaterThanOrEqual(PHONE.width * 0.95);
    // The picture fills the element: no black bands above and below.
    expect(Math.abs(shown.height - shown.width / shown.aspect)).toBeLessThanOrEqual(2);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  }, 180_000);
});
