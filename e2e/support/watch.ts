import type { Page } from 'playwright-core';
import { type E2eUser, loginThroughUi } from './api';
import { type BrowserFixture, newUserPage, streamOpened } from './browser';
import { waitForMetadata } from './player';

/**
 * Signs `user` in and opens the watch page with its events stream answering, then moves to 0:25, where
 * the specs ask their questions: what arrives from then on can only have come through the stream.
 */
export async function watchWithStreamOpen(
  page: Page,
  user: E2eUser,
  videoId: string,
  lectureId: string,
): Promise<void> {
  await loginThroughUi(page, user);
  const stream = streamOpened(page);
  await page.goto(`/video/${videoId}?lectureId=${lectureId}`);
  await waitForMetadata(page);
  await stream;
  await page.getByRole('button', { name: 'Forward 25 seconds' }).click();
}

/** Counts the page's own navigations from now on: what arrives without one came without a reload. */
export function countNavigations(page: Page): () => number {
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return () => navigations;
}

/** The instructor in a browser of their own, on Action Items, which refreshes through the events stream. */
export async function instructorOnActionItems(fixture: BrowserFixture, admin: E2eUser): Promise<Page> {
  const teacher = await newUserPage(fixture);
  await loginThroughUi(teacher, admin);
  await teacher.goto('/action-items');
  await teacher.getByRole('heading', { name: 'Action Items' }).waitFor();
  return teacher;
}
