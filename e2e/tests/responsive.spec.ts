import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { DESKTOP, PHONE, horizontalOverflow } from '../support/page-check';
import { lectureVideo, waitForMetadata } from '../support/player';

// Issue 11, findings 2 and 3: the phone gets the player first and a folding menu; the player keeps 16:9;
// lecture pages say where they sit; lecture cards show poster, length and how far the viewer got.

describe('phone and desk layouts', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  const watchUrl = () => `/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`;

  it('on a phone the whole 16:9 video is on the first screen, above the question cards', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.setViewportSize(PHONE);
    await page.goto(watchUrl());
    await waitForMetadata(page);
    const video = (await lectureVideo(page).boundingBox())!;
    expect(video.y + video.height).toBeLessThanOrEqual(PHONE.height);
    expect(video.y).toBeLessThan(PHONE.height / 3);
    expect(Math.abs(video.height - (video.width * 9) / 16)).toBeLessThanOrEqual(2); // no black bands
    const playlist = (await page.getByRole('heading', { name: 'Videos in this lecture' }).boundingBox())!;
    expect(playlist.y).toBeGreaterThan(video.y);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.setViewportSize(DESKTOP);
    const wide = (await lectureVideo(page).boundingBox())!;
    expect(Math.abs(wide.height - (wide.width * 9) / 16)).toBeLessThanOrEqual(2);
    expect(wide.height).toBeLessThanOrEqual(480); // SPEC §9's player height, now the most it takes
  });

  it('on a phone the menu folds behind a Menu button that opens it and closes on navigating', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(false); // at desk width the links are all there
    expect(await nav.getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);

    await page.setViewportSize(PHONE);
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.height).toBeLessThan(80); // one line, not three
    expect(await nav.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    // The address changes before React renders the new page: wait for the render that closes the menu.
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(false);
  });

  it('the watch page leads back to its course; the course’s card shows poster, length and progress', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/courses/${classroom.ids.courseId}`);
    const card = page.getByRole('article').filter({ hasText: 'Kinematics' });
    await card.getByText('1:30').waitFor();
    // The poster is decoration (alt=""), so it has no role to find it by.
    const poster = card.locator('img');
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await card.getByRole('progressbar').count()).toBe(0); // nothing watched yet

    await page.goto(watchUrl());
    await waitForMetadata(page);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    // The player mounts before the lecture's details arrive (issue 14): wait for both crumbs.
    await crumbs.getByRole('listitem').nth(1).waitFor();
    expect(await crumbs.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Physics'),
      expect.stringContaining('Kinematics'),
    ]);
    // Two skips forward: the viewer reached 0:50 of 1:30.
    await page.getByRole('button', { name: /Forward 25 seconds/ }).click();
    await page.getByRole('button', { name: /Forward 25 seconds/ }).click();
    await expect.poll(() => lectureVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(50);

    await crumbs.getByRole('link', { name: /Physics/ }).click();
    await page.waitForURL(`**/courses/${classroom.ids.courseId}`);
    await card.getByRole('progressbar', { name: 'Watched 56%' }).waitFor();
    await card.getByText('56% watched').waitFor();
  });
});
