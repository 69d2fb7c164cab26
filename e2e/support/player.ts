import type { Page } from 'playwright-core';

// The lecture <video> as the browser sees it; these functions run in the page (DOM types from tsconfig).

export const lectureVideo = (page: Page) => page.locator('video').first();

export const videoState = (page: Page) =>
  lectureVideo(page).evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused }));

export const waitForMetadata = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
