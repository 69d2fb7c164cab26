import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { seriousViolations } from '../support/page-check';
import { lectureVideo, videoState, waitForMetadata } from '../support/player';

// The player's keyboard shortcuts on the watch page (issue 11, finding 11; SPEC §9 skips and speeds).

describe('player keys', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  const openWatchPage = async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    return page;
  };
  const seek = (seconds: number) =>
    lectureVideo(b.page).evaluate((v: HTMLVideoElement, s) => {
      v.currentTime = s;
    }, seconds);
  const time = async () => Math.round((await videoState(b.page)).time);
  const rate = () => lectureVideo(b.page).evaluate((v: HTMLVideoElement) => v.playbackRate);

  it('Space and K play and pause; J/L skip 10 s, Shift+J/L 25 s; < and > step the speed', async () => {
    const page = await openWatchPage();
    await page.keyboard.press('k');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    await page.keyboard.press('k');
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);

    await seek(30);
    await page.keyboard.press('l');
    await expect.poll(time).toBe(40);
    await page.keyboard.press('j');
    await expect.poll(time).toBe(30);
    await page.keyboard.press('Shift+L');
    await expect.poll(time).toBe(55);
    await page.keyboard.press('Shift+J');
    await expect.poll(time).toBe(30);
    await page.keyboard.press('Shift+J');
    await page.keyboard.press('Shift+J');
    await expect.poll(time).toBe(0); // never before the start

    await page.keyboard.press('>');
    await expect.poll(rate).toBe(1.1);
    await expect.poll(() => page.getByLabel('Playback speed').inputValue()).toBe('1.1');
    await page.keyboard.press('<');
    await page.keyboard.press('<');
    await expect.poll(rate).toBe(0.9);
  });

  it('no key fires while typing in the question box', async () => {
    const page = await openWatchPage();
    await seek(30);
    const box = page.getByLabel('Ask a question about this moment of the video');
    await box.click();
    await page.keyboard.type('J K L <>? and a space');
    await page.keyboard.press('Shift+L');
    expect(await box.inputValue()).toBe('J K L <>? and a spaceL');
    expect(await videoState(page)).toMatchObject({ paused: true });
    expect(await time()).toBe(30);
    expect(await rate()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('? and the Keyboard shortcuts button open the list; Escape closes it and focus returns', async () => {
    const page = await openWatchPage();
    const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await dialog.getByRole('rowheader', { name: 'Shift+J / Shift+L' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Keys inside the dialog do not drive the player behind it.
    await page.keyboard.press('l');
    expect(await time()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
