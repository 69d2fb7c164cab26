import type { Page } from 'playwright-core';

// The lecture <video> as the browser sees it; these functions run in the page (DOM types from tsconfig).
// The app's player, in #root: on a cold watch page the same element shows first in the page's shell
// (web/src/inline/watch-shell.html), before the app, and its keys and events, are there.

export const lectureVideo = (page: Page) => page.locator('#root video').first();

export const videoState = (page: Page) =>
  lectureVideo(page).evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused }));

export const waitForMetadata = (page: Page) =>
  page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('#root video')?.readyState ?? 0) >= 1);
