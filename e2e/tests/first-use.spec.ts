import { describe, expect, it } from 'vitest';
import { loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { seriousViolations } from '../support/page-check';
import { seedCourse } from '../support/seed';

// What a newcomer meets first (issue 11 #5): the landing page, and a Home with first steps.

const pathOf = (url: string) => new URL(url).pathname;

describe('first use', () => {
  const b = useBrowser();

  it('a visitor at / learns what Lectern is and finds Log in and Sign up', async () => {
    const { page } = b;
    await page.goto('/');
    await page
      .getByRole('heading', { level: 1, name: 'Questions pinned to the moment, answered by video' })
      .waitFor();
    await page.getByText('ask a question at the very moment of the lecture', { exact: false }).waitFor();
    expect(await page.getByRole('list', { name: 'How Lectern works' }).getByRole('listitem').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);

    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.goBack();
    await main.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/signup');
    await page.getByLabel('Confirm Password').waitFor();
  });

  it('a new user’s Home shows the first steps of teaching and of taking a course, with links', async () => {
    const { page } = b;
    await loginThroughUi(page, await signupViaApi({ name: 'New Person' }));
    const steps = page.getByRole('region', { name: 'Get started' });
    await steps.getByRole('heading', { name: 'Teach a course' }).waitFor();
    await steps.getByRole('heading', { name: 'Take a course' }).waitFor();
    await steps.getByText("Share the course's join link", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await steps.getByRole('link', { name: 'Create a course' }).click();
    await page.waitForURL('**/courses/new');
    await page.getByLabel('Course Name').waitFor();
    await page.goBack();
    await page
      .getByRole('region', { name: 'Get started' })
      .getByRole('link', { name: 'Join a course' })
      .click();
    await page.waitForURL('**/courses/join');
    expect(pathOf(page.url())).toBe('/courses/join');
  });

  it('once someone has a course, Home offers creating and joining courses instead of the first steps', async () => {
    const { page } = b;
    const instructor = await signupViaApi({ name: 'Busy Instructor' });
    await seedCourse(instructor, 'Optics');
    await loginThroughUi(page, instructor);
    await page.getByRole('link', { name: '+ Create a New Course' }).click();
    await page.waitForURL('**/courses/new');
    await page.goBack();
    await page.getByRole('link', { name: 'Join existing course/lecture' }).waitFor();
    expect(await page.getByRole('region', { name: 'Get started' }).count()).toBe(0);
  });
});
