import path from 'node:path';
import { ROOM_PRESENCE } from '@lectern/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_COURSE_NAME,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  type DemoSeed,
  seedDemoCourse,
} from '../../scripts/demo/demo-course';
import { baseURL, useBrowser } from '../support/browser';
import { waitForMail } from '../support/mail';
import { FIXTURES } from '../support/seed';

// `npm run demo`'s seeding against this run's Lectern: the logins it prints work, and the course a
// newcomer opens shows answered questions and the instructors' waiting and live ones.

describe('the demo course', () => {
  const b = useBrowser();
  let seed: DemoSeed;
  beforeAll(async () => {
    const lecture = path.join(FIXTURES, 'lecture-90s.mp4');
    seed = await seedDemoCourse(
      baseURL(),
      {
        lectures: [lecture, lecture, lecture, lecture],
        answer: path.join(FIXTURES, 'answer-4s.mp4'),
      },
      (email, pattern) => waitForMail(email, pattern),
    );
  });

  const logIn = async (email: string) => {
    await b.page.goto('/login');
    await b.page.getByLabel('Email').fill(email);
    await b.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await b.page.getByRole('button', { name: 'Log in' }).click();
    await b.page.getByRole('button', { name: 'Logout' }).waitFor();
  };

  it('a student logs in with a printed login and finds answered questions on the first lecture', async () => {
    const { page } = b;
    await logIn(DEMO_LOGINS.grace.email);
    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    await page.getByRole('link', { name: DEMO_COURSE_NAME }).click();
    await page.getByRole('link', { name: '1. Describing motion' }).click();
    await page.getByRole('heading', { name: 'Previously Asked Questions' }).waitFor();
    const answered = page.getByRole('listitem').filter({ hasText: seed.answered[0]! });
    await answered.getByRole('button', { name: 'View Response' }).click();
    // The answer plays in the overlay.
    await page.locator('video[src*="/media/"]').nth(1).waitFor();
    expect(seed.answered).toHaveLength(3);
  });

  it('a student finds what the lectures say through the course search: each lecture is captioned', async () => {
    const { page } = b;
    await logIn(DEMO_LOGINS.kofi.email);
    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    await page.getByRole('link', { name: DEMO_COURSE_NAME }).click();
    await page.getByLabel('Search lectures and answers').fill('pendulum');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    // The narration of lecture 2's third slide (demo-lectures.ts), shown from 0:20.
    expect(await results.getByRole('listitem').allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('the period of a pendulum depends only on its length'),
      ]),
    );
  });

  it('the instructor and the co-instructor log in and see the waiting and the live questions', async () => {
    const { page } = b;
    for (const login of [DEMO_LOGINS.instructor, DEMO_LOGINS.coAdmin]) {
      await logIn(login.email);
      await page.getByRole('heading', { name: 'Questions needing a response' }).waitFor();
      await page.getByText('Could you play the two tones again, side by side?').waitFor();
      // The demo's live question: its student is not in the room, and the card says so (issue 21).
      await page.getByText(ROOM_PRESENCE.notYet).waitFor();
      await page.getByText('Does a heavier pendulum swing slower, or only a longer one?').waitFor();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
    }
  });
});
