import path from 'node:path';
import { SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2eUser, apiCall, loginThroughUi } from '../support/api';
import { type BrowserFixture, FAKE_MEDIA_ARGS, newUserPage, useBrowser } from '../support/browser';
import { FIXTURES, answerInWordsViaApi, askViaApi, seedClassroom } from '../support/seed';
import { countNavigations, instructorOnActionItems, watchWithStreamOpen } from '../support/watch';

// Follow-ups (issue 24): a student asks one under an answered card; the instructor's Action Items shows
// it without a reload, the instructor answers it in words, and the student's open overlay shows the answer,
// all through the events stream.

/** The student watching with the stream open, the question's answer overlay opened from its card. */
async function openAnswer(
  page: Page,
  student: E2eUser,
  at: { videoId: string; lectureId: string },
  question: string,
) {
  await watchWithStreamOpen(page, student, at.videoId, at.lectureId);
  const navigations = countNavigations(page);
  const cards = page.getByRole('region', { name: 'Questions at this moment' });
  await cards.getByRole('button', { name: new RegExp(question) }).click();
  return { dialog: page.getByRole('dialog', { name: question }), navigations };
}

/**
 * An answered question under which the student has asked `followUp`: the student watching with its answer
 * open, and the instructor on its respond page, its follow-ups thread showing it.
 */
async function followUpOnRespondPage(
  b: BrowserFixture,
  thread: { question: string; answer: string; followUp: string },
) {
  const { admin, student, ids, videoId } = await seedClassroom();
  const asked = await askViaApi(student, videoId, thread.question, 25);
  await answerInWordsViaApi(admin, asked.id, thread.answer);
  await apiCall(`/api/questions/${asked.id}/follow-ups`, {
    method: 'POST',
    token: student.token,
    body: { text: thread.followUp },
  });
  const { dialog, navigations } = await openAnswer(b.page, student, { ...ids, videoId }, thread.question);
  await dialog.getByText(thread.followUp).waitFor();

  const teacher = await newUserPage(b);
  await loginThroughUi(teacher, admin);
  await teacher.goto(`/respond/${asked.id}`);
  const followUps = teacher.getByRole('region', { name: 'Follow-ups' });
  await followUps.getByText(thread.followUp).waitFor();
  return { dialog, navigations, teacher, followUps };
}

/** The answer video reaches the student's open overlay, playable, and the page never reloaded. */
async function expectAnswerVideoArrives(
  b: BrowserFixture,
  { dialog, navigations, teacher }: Awaited<ReturnType<typeof followUpOnRespondPage>>,
  timeout: number,
) {
  const played = dialog.getByLabel('Instructor’s answer video');
  await played.waitFor({ timeout });
  const source = await played.getAttribute('src');
  expect((await b.page.request.get(source!)).status()).toBe(200);
  expect(navigations()).toBe(0);
  await teacher.context().close();
}

describe('follow-ups', () => {
  const b = useBrowser();

  it('a follow-up reaches Action Items and its answer reaches the student without reloading', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const question = 'Why is the acceleration negative here?';
    const asked = await askViaApi(student, videoId, question, 25);
    await answerInWordsViaApi(admin, asked.id, 'It points *down*.');

    const teacher = await instructorOnActionItems(b, admin);

    const { page } = b;
    const { dialog, navigations } = await openAnswer(page, student, { ...ids, videoId }, question);
    await dialog.getByLabel('Ask a follow-up').fill('Even while it speeds up?');
    await dialog.getByRole('button', { name: 'Post follow-up' }).click();
    await dialog.getByText('Even while it speeds up?').waitFor();

    const row = teacher.getByRole('link', { name: `Follow-up on: ${question}` });
    await row.waitFor({ timeout: 9_000 });
    await row.click();
    await teacher.getByLabel('Answer this follow-up').fill('Yes: the **sign** says which way.');
    await teacher.getByRole('button', { name: 'Send answer' }).click();

    await dialog.locator('.follow-up-answer strong', { hasText: 'sign' }).waitFor({ timeout: 10_000 });
    expect(navigations()).toBe(0);
    await teacher.context().close();
  });

  it('the instructor answers a follow-up by video on the respond page; the student sees it without reloading', async () => {
    const opened = await followUpOnRespondPage(b, {
      question: 'Why does the pendulum slow down?',
      answer: 'Friction.',
      followUp: 'Which friction, the air or the pivot?',
    });
    const thread = opened.followUps;
    await thread.getByText('Answer by video').click();
    await thread.getByLabel(/Response video/).setInputFiles(path.join(FIXTURES, 'answer-4s.mp4'));
    await thread.getByRole('button', { name: 'Upload response' }).click();
    await thread.getByText(SUCCESS.fileUploadSuccessful).waitFor({ timeout: 20_000 });
    await thread.getByLabel('Instructor’s answer video').waitFor({ timeout: 20_000 });
    await expectAnswerVideoArrives(b, opened, 20_000);
  });
});

describe('follow-ups answered with a recording', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('the instructor records a follow-up’s answer in the browser; its author sees it without reloading', async () => {
    const opened = await followUpOnRespondPage(b, {
      question: 'Why is the period independent of the mass?',
      answer: 'The mass cancels.',
      followUp: 'Can you show it with two weights?',
    });
    const { teacher, followUps: thread } = opened;
    await thread.getByText('Record a video answer').click();
    await thread.getByRole('button', { name: 'Turn on preview' }).click();
    await thread.getByRole('button', { name: 'Start recording' }).click();
    await thread.getByRole('button', { name: 'Stop recording' }).waitFor();
    await teacher.waitForTimeout(2_500);
    await thread.getByRole('button', { name: 'Stop recording' }).click();
    await thread.getByRole('button', { name: 'Upload recording' }).click();
    await thread.getByText(SUCCESS.fileUploadSuccessful).waitFor({ timeout: 20_000 });
    // The WebM take is converted on the server, then reaches the author's open overlay by its event.
    await expectAnswerVideoArrives(b, opened, 150_000);
  });
});
