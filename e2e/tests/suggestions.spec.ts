import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { waitForMetadata } from '../support/player';
import { seedAnsweredQuestion } from '../support/seed';

// Already answered? (issue 24): while a student types, earlier answered questions like theirs appear under
// the question box; one plays in the response overlay, and "This answers my question" sends nothing.

describe('suggestions while typing', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  it('a student types a paraphrase, plays the suggested answer, and marks it as answering', async () => {
    const { admin, student, ids, videoId } = classroom;
    const earlier = 'Why does the square turn red at this moment?';
    await seedAnsweredQuestion(admin, ids.courseId, videoId, earlier);
    const { page } = b;
    await loginThroughUi(page, student);
    await page.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    await waitForMetadata(page);

    const box = page.getByLabel('Ask a question about this moment of the video');
    const typed = 'how come the square changes to red here';
    await box.fill(typed);
    const suggestions = page.getByRole('list', { name: 'Already answered?' });
    const suggestion = suggestions.getByRole('listitem', { name: earlier });
    await suggestion.waitFor();
    await suggestion.getByText('1:05').waitFor();
    await suggestion.getByText(/^Video answer/).waitFor();

    await suggestion.getByRole('button', { name: 'Play the answer' }).click();
    const overlay = page.getByRole('dialog');
    await overlay.locator('video').waitFor();
    await overlay.getByRole('button', { name: 'Close' }).click();
    expect(await box.inputValue()).toBe(typed);

    const accepted = page.waitForResponse(
      (r) => r.url().endsWith('/accepted') && r.request().method() === 'POST',
    );
    await suggestion.getByRole('button', { name: 'This answers my question' }).click();
    expect((await accepted).status()).toBe(204);
    expect(await box.inputValue()).toBe('');
    expect(await suggestions.count()).toBe(0);
  });
});
