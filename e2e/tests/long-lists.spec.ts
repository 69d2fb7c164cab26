import { beforeAll, describe, expect, it } from 'vitest';
import { type E2eUser, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { addYouTubeVideo, askViaApi, joinCourse, seedJoinedLecture, youtubeUrl } from '../support/seed';

// Bounded instructor lists (issue 14): Action Items and Home show one page of questions and a visible
// "Show more questions" button that loads the rest.

const QUESTIONS = 25;
const text = (n: number) => `Paged question number ${String(n).padStart(2, '0')} about aliasing`;

describe('long lists of questions', () => {
  const b = useBrowser();
  let admin: E2eUser;

  beforeAll(async () => {
    admin = await signupViaApi({ name: 'Prof Long' });
    // A user may ask 10 questions a minute: three students share the 25.
    const students = [await signupViaApi(), await signupViaApi(), await signupViaApi()];
    const ids = await seedJoinedLecture(admin, students[0]!);
    for (const s of students.slice(1)) await joinCourse(s, ids.courseId);
    const video = await addYouTubeVideo(admin, ids, 'Aliasing', youtubeUrl('abcdefghijk'));
    for (let n = 1; n <= QUESTIONS; n++) await askViaApi(students[n % 3]!, video.id, text(n), n);
  });

  it('Action Items shows the first page, then the rest after "Show more questions"', async () => {
    const { page } = b;
    await loginThroughUi(page, admin);
    await page.goto('/action-items');
    await page.getByText(text(1)).waitFor();
    const questions = page.getByText(/Paged question number \d\d/);
    expect(await questions.count()).toBeLessThan(QUESTIONS);
    expect(await page.getByText(text(QUESTIONS)).count()).toBe(0);

    const more = page.getByRole('button', { name: 'Show more questions' });
    await more.click();
    await page.getByText(text(QUESTIONS)).waitFor();
    expect(await questions.count()).toBe(QUESTIONS);
    await more.waitFor({ state: 'detached' });
  });

  it('Home has the same button in its section of questions needing a response', async () => {
    const { page } = b;
    await loginThroughUi(page, admin);
    const needs = page.getByRole('region', { name: 'Questions needing a response' });
    await needs.getByText(text(1)).waitFor();
    await needs.getByRole('button', { name: 'Show more questions' }).click();
    await needs.getByText(text(QUESTIONS)).waitFor();
    expect(await needs.getByText(/Paged question number \d\d/).count()).toBe(QUESTIONS);
  });
});
