import { ERRORS, type QuestionDto, ROOM_PRESENCE } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { askViaApi, seedJoinedLecture, uploadVideo } from '../support/seed';

// Issue 10 on the respond page (the e2e server runs the built-in provider): a live question's respond page
// starts the meeting by itself and opens it; a provider failure shows the spec's error and leaves the
// upload form; Action Items links the live question to its meeting.

async function liveQuestion(text: string) {
  const [admin, student] = await Promise.all([
    signupViaApi({ name: 'Prof Live' }),
    signupViaApi({ name: 'Wanda Waiting' }),
  ]);
  const ids = await seedJoinedLecture(admin, student, true);
  const videoId = await uploadVideo(admin, ids, 'lecture-10s.mp4');
  const asked = await apiCall<QuestionDto>('/api/questions', {
    method: 'POST',
    token: student.token,
    body: { question: text, videoId, time: 4, live: true },
  });
  expect(asked.status).toBe('live');
  return { admin, student, asked, videoId };
}

describe('the respond page of a live question', () => {
  const b = useBrowser();

  it('Action Items links the live question to its meeting; the respond page starts and opens it', async () => {
    const { page, context } = b;
    const { admin, asked } = await liveQuestion('Can we talk about the last example live?');
    await loginThroughUi(page, admin);
    await page.goto('/action-items');
    const card = page.getByRole('listitem').filter({ hasText: asked.question });
    // The student has not come into the room: the card does not say they wait (issue 21).
    await card.getByText(ROOM_PRESENCE.notYet).waitFor();
    const popup = context.waitForEvent('page');
    await card.getByRole('link', { name: 'Join this meeting' }).click();
    expect(new URL((await popup).url()).pathname).toBe(`/room/${asked.id}`);
    const join = page.getByRole('link', { name: 'Join the meeting' });
    expect(new URL((await join.getAttribute('href'))!).pathname).toBe(`/room/${asked.id}`);
    expect(await join.getAttribute('target')).toBe('_blank');
  });

  it('a meeting that cannot start shows the spec error; the answer can still be uploaded; Try again works', async () => {
    const { page } = b;
    const { admin, asked } = await liveQuestion('Is the meeting server down today?');
    // The provider's failure, as the server reports it (the API tests cover the server's side).
    await page.route('**/api/bbb/startMeeting', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: ERRORS.bbbStartFailed, code: 'BAD_GATEWAY' }),
      }),
    );
    await loginThroughUi(page, admin);
    await page.goto(`/respond/${asked.id}`);
    await page.getByRole('alert').filter({ hasText: ERRORS.bbbStartFailed }).waitFor();
    await page.getByRole('heading', { name: 'Upload a response video' }).waitFor();

    await page.unroute('**/api/bbb/startMeeting');
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(new URL((await popup).url()).pathname).toBe(`/room/${asked.id}`);
    await page.getByRole('link', { name: 'Join the meeting' }).waitFor();
  });

  it('"Record a response through a meeting tool" leads to the in-browser recorder with the built-in room', async () => {
    const { page } = b;
    const { admin, student, videoId } = await liveQuestion('A live question, to set up the classroom');
    const delayed = await askViaApi(student, videoId, 'Please answer this one with a recording', 2);
    await loginThroughUi(page, admin);
    await page.goto(`/respond/${delayed.id}`);
    await page.getByRole('button', { name: 'Record a response through a meeting tool' }).click();
    // The focus moves once the room has answered: slow on a loaded machine, so more than poll's 1 s.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Record a response video');
  });
});
