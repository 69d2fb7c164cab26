import { FETCH_ERRORS, STATUS_TEXT } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { seedCourse } from '../support/seed';

// With the server out of reach, one banner with Retry says so, and no toast repeats it; a page whose
// data failed shows the failure once, with Retry (issue 11 #9).

const UNREACHABLE = 'The server cannot be reached';

describe('offline', () => {
  const b = useBrowser();

  it('a failed reach shows one banner with Retry, no toast; Retry clears it once the server answers', async () => {
    const { page } = b;
    await loginThroughUi(page, await signupViaApi());
    const banner = page.getByRole('alert').filter({ hasText: UNREACHABLE });

    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Action Items' }).click();
    await banner.getByRole('button', { name: 'Retry' }).waitFor();
    // The read gives up after its one retry; its failure must not also raise "Error fetching questions".
    await page.waitForTimeout(2_500);
    expect(await page.getByText(FETCH_ERRORS.questions).count()).toBe(0);
    const alerts = await page.getByRole('alert').allTextContents();
    expect(alerts.filter((text) => !text.startsWith('Welcome back'))).toEqual([
      expect.stringContaining(UNREACHABLE),
    ]);

    await banner.getByRole('button', { name: 'Retry' }).click();
    await page.waitForTimeout(1_500);
    expect(await banner.count()).toBe(1); // still out of reach

    await page.unroute('**/api/**');
    await banner.getByRole('button', { name: 'Retry' }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.getByText(STATUS_TEXT.actionItemsEmpty).waitFor();
  });

  it('the browser going offline shows the banner; coming back online clears it', async () => {
    const { page, context } = b;
    await loginThroughUi(page, await signupViaApi());
    const banner = page.getByRole('alert').filter({ hasText: UNREACHABLE });
    await context.setOffline(true);
    await banner.waitFor();
    await context.setOffline(false);
    await banner.waitFor({ state: 'hidden' });
  });

  it('a course page that failed to load says so once, with Retry that loads it', async () => {
    const admin = await signupViaApi();
    const course = await seedCourse(admin, 'Optics', 'Light and lenses');
    const { page } = b;
    await loginThroughUi(page, admin);
    await page.route('**/api/lectures/courseLectures/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom","code":"X"}' }),
    );
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('heading', { name: FETCH_ERRORS.courseDetails }).waitFor();
    expect(await page.getByText(FETCH_ERRORS.courseDetails).count()).toBe(1); // no toast besides
    await page.unroute('**/api/lectures/courseLectures/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Optics' }).waitFor();
  });
});
