import { randomUUID } from 'node:crypto';
import { ERRORS, FETCH_ERRORS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { openAnswerToVote } from '../support/votes';

// Issue 21, "Phone, admin and error corners": the states that looked unfinished.

describe('corners', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  it('a lecture-with-responses page of an unknown video says so instead of loading forever', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/lecture-with-responses/${randomUUID()}`);
    await page.getByRole('heading', { name: ERRORS.videoNotFound }).waitFor();
    await page.getByRole('link', { name: 'Return' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
  });

  it('a visitor on a course’s questions page is asked to log in, with no error toast', async () => {
    const { page } = b;
    await page.goto(`/courses/${classroom.ids.courseId}/questions`);
    await page.getByText('The answered questions of a course are for its members.').waitFor();
    await page.getByRole('link', { name: 'Log in to see them' }).click();
    await page.getByLabel('Email').fill(classroom.student.email);
    await page.getByLabel('Password', { exact: true }).fill(classroom.student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`**/courses/${classroom.ids.courseId}/questions`);
    await page.getByLabel('Search questions').waitFor();
    expect(await page.getByText(FETCH_ERRORS.questions).count()).toBe(0);
  });

  it('▲ keeps the keyboard focus after a vote, so the vote is taken back from the keyboard', async () => {
    const { page } = b;
    const { dialog, up } = await openAnswerToVote(page, classroom, 'Why is g negative?');
    const focused = () => up.evaluate((el) => el === document.activeElement);
    await dialog.getByLabel('Rating 0').waitFor();
    await up.focus();
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => up.getAttribute('aria-pressed'), { timeout: 5000 }).toBe('true');
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => up.getAttribute('aria-pressed'), { timeout: 5000 }).toBe('false');
    expect(await focused()).toBe(true);
  });
});
