import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { newUserPage, useBrowser } from '../support/browser';
import { askViaApi, seedClassroom } from '../support/seed';
import { countNavigations, watchWithStreamOpen } from '../support/watch';

// Answers in words (issue 24): the instructor answers with Markdown, maths and code from the respond
// page; the student's open watch page shows it in the card at that moment, through the events stream,
// without a reload (the page polls every 60 s without events).

const ANSWER = [
  'The area under $y = x$ is $\\int_0^1 x\\,dx = \\frac{1}{2}$.',
  '',
  '```python',
  'print(sum(i / 1000 for i in range(1000)) / 1000)',
  '```',
].join('\n');

describe('answers in words', () => {
  const b = useBrowser();

  it('a text answer with maths and code reaches the student’s card without reloading, and its edit too', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const question = 'What is the area under the line here?';
    const asked = await askViaApi(student, videoId, question, 25);

    const { page } = b;
    await watchWithStreamOpen(page, student, videoId, ids.lectureId);
    const navigations = countNavigations(page);

    const teacher = await newUserPage(b);
    await loginThroughUi(teacher, admin);
    await teacher.goto(`/respond/${asked.id}`);
    await teacher.getByLabel('Text answer').fill(ANSWER);
    await teacher.getByRole('button', { name: 'Send text answer' }).click();
    await teacher.getByRole('status').filter({ hasText: 'Text answer sent' }).waitFor();

    const cards = page.getByRole('region', { name: 'Questions at this moment' });
    await cards.getByRole('button', { name: new RegExp(question) }).waitFor({ timeout: 10_000 });
    const maths = cards.locator('.answer-text .katex math');
    await maths.first().waitFor({ timeout: 10_000 });
    expect(await maths.first().locator('annotation').textContent()).toBe('y = x');
    expect(await maths.nth(1).locator('annotation').textContent()).toBe('\\int_0^1 x\\,dx = \\frac{1}{2}');
    expect(await maths.nth(1).evaluate((el) => el.namespaceURI)).toBe('http://www.w3.org/1998/Math/MathML');
    // The browser draws MathML itself: the fraction has a height, the TeX source is not shown.
    expect((await maths.nth(1).boundingBox())?.height ?? 0).toBeGreaterThan(10);
    expect(await cards.locator('.answer-text .katex').nth(1).innerText()).not.toContain('\\int');
    const code = cards.locator('.answer-text pre > code.language-python');
    expect(await code.textContent()).toBe('print(sum(i / 1000 for i in range(1000)) / 1000)\n');

    // The instructor edits it: the card shows the new words and says it was edited.
    await teacher.getByLabel('Text answer (edit)').fill('It is **one half**: $\\tfrac12$.');
    await teacher.getByRole('button', { name: 'Save text answer' }).click();
    await teacher.getByRole('status').filter({ hasText: 'Text answer saved' }).waitFor();
    await cards.locator('.answer-text strong', { hasText: 'one half' }).waitFor({ timeout: 10_000 });
    await cards.getByText(/^Edited /).waitFor();
    expect(navigations()).toBe(0);

    // The card opens the answer: the overlay shows the words, and no video for a text-only answer.
    await cards.getByRole('button', { name: new RegExp(question) }).click();
    const dialog = page.getByRole('dialog', { name: question });
    await dialog.locator('.answer-text strong', { hasText: 'one half' }).waitFor();
    expect(await dialog.getByLabel('Response video').count()).toBe(0);
    await teacher.context().close();
  });
});
