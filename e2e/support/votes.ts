import type { Page } from 'playwright-core';
import { loginThroughUi } from './api';
import { type Classroom, seedAnsweredQuestion } from './seed';

/**
 * Where votes are cast: a new answered question on the classroom's video, its answer opened by the
 * classroom's student on the watch page. Answers the response dialog and its Upvote button.
 */
export async function openAnswerToVote(page: Page, classroom: Classroom, question: string) {
  await seedAnsweredQuestion(classroom.admin, classroom.ids.courseId, classroom.videoId, question);
  await loginThroughUi(page, classroom.student);
  await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
  await page
    .getByRole('button', { name: /View Response/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  return { dialog, up: dialog.getByRole('button', { name: 'Upvote' }) };
}
