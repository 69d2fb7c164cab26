import { describe, expect, it } from 'vitest';
import { signupViaApi } from '../support/api';
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
});
