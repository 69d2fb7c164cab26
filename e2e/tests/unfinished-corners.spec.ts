import { describe, expect, it } from 'vitest';
import { loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { HOUR, joinCourse, seedCourse, seedLecture } from '../support/seed';

// Issue 21, the corners that still looked unfinished: live badges, the join page, admins by e-mail,
// overlapping captions and a stale page after a redeploy.

describe('unfinished corners', () => {
  const b = useBrowser();

  it('marks the lecture in its live window "Live now" on Home and on the course page, in words', async () => {
    const { page } = b;
    const [admin, student] = await Promise.all([signupViaApi({ name: 'Prof Live' }), signupViaApi()]);
    const course = await seedCourse(admin, 'Live Optics');
    await joinCourse(student, course.id);
    const now = Date.now();
    await seedLecture(admin, {
      courseID: course.id,
      title: 'Refraction today',
      topic: 'Light',
      available: now - HOUR,
      start: now - 10 * 60_000,
      end: now + HOUR,
    });
    await seedLecture(admin, {
      courseID: course.id,
      title: 'Lenses next week',
      topic: 'Light',
      available: now - HOUR,
      start: now + 7 * 24 * HOUR,
      end: now + 7 * 24 * HOUR + HOUR,
    });
    await loginThroughUi(page, student);

    const upcoming = page.getByRole('region', { name: 'Upcoming lectures' });
    const card = (where: typeof upcoming, title: string) =>
      where.getByRole('listitem').filter({ hasText: title });
    await card(upcoming, 'Refraction today').getByText('Live now').waitFor();
    expect(await card(upcoming, 'Lenses next week').getByText('Live now').count()).toBe(0);

    await page.goto(`/courses/${course.id}`);
    const lectures = page.getByRole('main');
    await card(lectures, 'Refraction today').getByText('Live now').waitFor();
    expect(await card(lectures, 'Lenses next week').getByText('Live now').count()).toBe(0);
  });
});
