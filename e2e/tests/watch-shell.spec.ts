import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { lectureVideo, videoState, waitForMetadata } from '../support/player';
import { HOUR, seedLecture, uploadVideo } from '../support/seed';

// A cold watch page shows its video before the app has run (issue 14: the first frame): the page's shell
// (web/src/inline/watch-shell.html) with the <video> the early reads made, which the player then adopts.

describe('the watch page before the app runs', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  /** Holds the app's entry script until the returned function is called; CSP reports are collected. */
  async function holdTheApp(page: Page) {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return { release, cspErrors };
  }

  it('shows the video with its title first, and the player adopts that same element', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    const app = await holdTheApp(page);
    const served = page.waitForResponse((r) => new URL(r.url()).pathname === `/video/${classroom.videoId}`);
    // Not until 'load': the held entry script holds that back.
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`, {
      waitUntil: 'commit',
    });
    // Anyone may watch it, so the server sent the shell showing it.
    expect(await (await served).text()).toMatch(/<video src="\/media\//);

    const shell = page.locator('#early-watch');
    await shell.getByRole('heading', { level: 1 }).waitFor();
    const early = shell.locator('video');
    await early.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('#early-watch video') as HTMLVideoElement)?.readyState >= 1,
    );
    expect(await early.getAttribute('aria-label')).toBe(
      await shell.getByRole('heading', { level: 1 }).textContent(),
    );
    await early.evaluate((v: HTMLVideoElement) => (v.dataset.test = 'from the shell'));
    expect(await page.locator('#root').isVisible()).toBe(false);

    app.release();
    await waitForMetadata(page);
    await shell.waitFor({ state: 'detached' });
    expect(await lectureVideo(page).getAttribute('data-test')).toBe('from the shell');
    expect(await page.locator('video').count()).toBe(1);
    // The app's keys and listeners are on the adopted element.
    await page.keyboard.press('k');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    expect(app.cspErrors).toEqual([]);
  });

  it('shows no shell for a video that cannot be watched, and the app says why', async () => {
    const { page } = b;
    const app = await holdTheApp(page);
    await page.goto('/video/00000000-0000-4000-8000-000000000000', { waitUntil: 'commit' });
    // The early reads have settled: the video read answered 404, so no <video> was made.
    await page.evaluate(() => (window as unknown as { lecternFirstFrame: Promise<void> }).lecternFirstFrame);
    expect(await page.locator('#early-watch').isVisible()).toBe(false);
    app.release();
    await page.getByRole('heading', { name: 'Video Not Found' }).waitFor();
    expect(await page.locator('#early-watch').count()).toBe(0);
  });

  it('fills the shell from the browser’s own video read for a video only some may watch', async () => {
    const { page } = b;
    const now = Date.now();
    const unreleased = await seedLecture(classroom.admin, {
      courseID: classroom.ids.courseId,
      title: 'Next week',
      topic: 'Later',
      available: now + 24 * HOUR,
      start: now + 25 * HOUR,
      end: now + 26 * HOUR,
    });
    const hidden = await uploadVideo(
      classroom.admin,
      { courseId: classroom.ids.courseId, lectureId: unreleased.id },
      'lecture-90s.mp4',
      'Not yet released',
    );
    await loginThroughUi(page, classroom.admin);
    const app = await holdTheApp(page);
    const served = page.waitForResponse((r) => new URL(r.url()).pathname === `/video/${hidden}`);
    await page.goto(`/video/${hidden}?lectureId=${unreleased.id}`, { waitUntil: 'commit' });
    // The server filled nothing: only the administrator's own read may show it.
    expect(await (await served).text()).not.toContain('Not yet released');
    await page.locator('#early-watch').getByRole('heading', { name: 'Not yet released' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('#early-watch video') as HTMLVideoElement)?.readyState >= 1,
    );
    app.release();
    await waitForMetadata(page);
    await page.locator('#early-watch').waitFor({ state: 'detached' });
    expect(app.cspErrors).toEqual([]);
  });
});
