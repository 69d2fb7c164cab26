import { describe, expect, it } from 'vitest';
import { apiCall, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { answerInWordsViaApi, askViaApi, joinCourse, seedClassroom } from '../support/seed';
import { countNavigations, instructorOnActionItems, watchWithStreamOpen } from '../support/watch';

// Flags and hiding (issue 24): a student flags a classmate's answered question from its overlay; the
// instructor's Action Items lists it without a reload and hides it; the card leaves the student's page
// through the events stream; the instructor restores it and it comes back.

describe('flags and hiding', () => {
  const b = useBrowser();

  it('a student flags, the instructor hides and restores, the student sees each without reloading', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const classmate = await signupViaApi({ name: 'Cleo Classmate' });
    await joinCourse(classmate, ids.courseId);
    const question = 'Is this lecture a waste of time for everyone?';
    const asked = await askViaApi(classmate, videoId, question, 25);
    await answerInWordsViaApi(admin, asked.id, 'Please keep questions about the material.');

    const teacher = await instructorOnActionItems(b, admin);

    const { page } = b;
    await watchWithStreamOpen(page, student, videoId, ids.lectureId);
    const navigations = countNavigations(page);
    const cards = page.getByRole('region', { name: 'Questions at this moment' });
    const card = cards.getByRole('button', { name: new RegExp(question) });
    await card.click();
    const dialog = page.getByRole('dialog', { name: question });
    await dialog.getByRole('button', { name: 'Flag this question' }).click();
    await dialog.getByLabel('Reason (optional)').fill('Not about the material');
    await dialog.getByRole('button', { name: 'Send flag' }).click();
    await dialog.getByText('Flagged for the instructors').waitFor();
    await page.keyboard.press('Escape');

    const flagged = teacher.getByRole('region', { name: 'Flagged posts' });
    await flagged.getByRole('link', { name: `Question: ${question}` }).waitFor({ timeout: 9_000 });
    await flagged.getByText('Not about the material').waitFor();
    await flagged.getByRole('button', { name: 'Hide from students' }).click();
    await flagged.getByText(/hidden from students/).waitFor();

    await card.waitFor({ state: 'detached', timeout: 10_000 });

    await flagged.getByRole('button', { name: 'Restore' }).click();
    await card.waitFor({ timeout: 10_000 });
    expect(navigations()).toBe(0);
    await teacher.context().close();
  });

  it('a student flags a classmate’s answer, the instructor hides it from Action Items, it leaves the page', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const author = await signupViaApi({ name: 'Cleo Classmate' });
    const asker = await signupViaApi({ name: 'Ada Asker' });
    for (const who of [author, asker]) await joinCourse(who, ids.courseId);
    await apiCall(`/api/courses/${ids.courseId}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Signals', description: 'About signals', studentsAnswer: true },
    });
    const asked = await askViaApi(asker, videoId, 'Why is the spectrum symmetric?', 25);
    const text = 'Nobody cares, read the book.';
    await apiCall(`/api/questions/${asked.id}/student-answers`, {
      method: 'POST',
      token: author.token,
      body: { text },
    });

    const teacher = await instructorOnActionItems(b, admin);

    const { page } = b;
    await watchWithStreamOpen(page, student, videoId, ids.lectureId);
    const navigations = countNavigations(page);
    const waiting = page.getByRole('region', { name: 'Classmates’ questions' });
    const answer = waiting.getByText(text);
    await answer.waitFor();
    await waiting.getByRole('button', { name: 'Flag this answer' }).click();
    await waiting.getByLabel('Reason (optional)').fill('Rude');
    await waiting.getByRole('button', { name: 'Send flag' }).click();
    await waiting.getByText('Flagged for the instructors').waitFor();

    const flagged = teacher.getByRole('region', { name: 'Flagged posts' });
    await flagged.getByRole('link', { name: `Student answer: ${text}` }).waitFor({ timeout: 9_000 });
    await flagged.getByRole('button', { name: 'Hide from students' }).click();
    await flagged.getByText(/hidden from students/).waitFor();

    await answer.waitFor({ state: 'detached', timeout: 10_000 });
    expect(navigations()).toBe(0);
    await teacher.context().close();
  });
});
