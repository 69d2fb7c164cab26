import { SUCCESS } from '@lectern/shared';
import type { Page } from 'playwright-core';
import { FIXTURES } from './seed';

/** From a question the instructor is looking at: answers it with the 4 s test video through the respond page. */
export async function respondWithTestVideo(page: Page) {
  await page.getByRole('link', { name: 'Respond to question' }).click();
  await page.getByLabel('Response video (MP4, MOV, WebM or MKV)').setInputFiles(`${FIXTURES}/answer-4s.mp4`);
  await page.getByRole('button', { name: 'Upload response' }).click();
  await page.getByText(SUCCESS.fileUploadSuccessful).waitFor();
}
