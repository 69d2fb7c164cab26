import { ANONYMOUS, FETCH_ERRORS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { waitForMetadata } from '../support/player';
import { askViaApi, seedClassroom } from '../support/seed';

// Logged-out and unauthorised states say what is going on and offer a way on (issue 11 #8).

describe('access states', () => {
  const b = useBrowser();

  it('a logged-out viewer is told to log in, with a link that comes back to the video', async () => {
    const { student, ids, videoId } = await seedClassroom();
    const { page } = b;
    await page.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    await page.getByText(ANONYMOUS.warning).waitFor();
    expect(await page.getByText('Logout').count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Ask a question about this moment of the video').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/video/${videoId}`);
  });

  it("the header's Log in, on any page, also comes back to that page", async () => {
    const { student, ids } = await seedClassroom();
    const { page } = b;
    await page.goto(`/courses/${ids.courseId}/questions`);
    const account = page.getByRole('navigation', { name: 'Account' });
    await account.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Confirm Password').waitFor();
    // On the sign-up page the header offers only Log in, still leading back to the course's questions.
    expect(await account.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    await account.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor(); // the sign-up form has an Email field too
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`**/courses/${ids.courseId}/questions`);
    expect(await account.count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('a student opening admin pages reads "You don\'t manage this course" with a way back', async () => {
    const { student, ids, videoId } = await seedClassroom();
    const { page } = b;
    await loginThroughUi(page, student);

    await page.goto(`/videoAdmin/${videoId}?lectureId=${ids.lectureId}`);
    await page.getByRole('heading', { name: "You don't manage this course" }).waitFor();
    expect(await page.getByText(FETCH_ERRORS.failedQuestions).count()).toBe(0);
    await page.getByRole('link', { name: 'Watch this lecture as a student' }).click();
    await waitForMetadata(page);
    expect(new URL(page.url()).pathname).toBe(`/video/${videoId}`);

    await page.goto(`/editLecture/${ids.lectureId}`);
    await page.getByRole('heading', { name: "You don't manage this course" }).waitFor();
    await page.goto(`/duplicateLecture/${ids.lectureId}`);
    await page.getByRole('heading', { name: "You don't manage this course" }).waitFor();
    await page.goto(`/editCourse/${ids.courseId}`);
    await page.getByRole('heading', { name: "You don't manage this course" }).waitFor();

    // Issue 21: the upload, respond, captions and usage screens, whose calls the server refuses them.
    const asked = await askViaApi(student, videoId, 'Is this on the exam?', 5);
    for (const path of [
      `/upload/${ids.courseId}`,
      `/respond/${asked.id}`,
      `/captions/video/${videoId}`,
      `/videoAdmin/${videoId}/usage?lectureId=${ids.lectureId}`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: "You don't manage this course" }).waitFor();
      expect(await page.getByRole('button', { name: /Upload|Export CSV|Submit/ }).count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Watch this lecture as a student' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
  });
});
