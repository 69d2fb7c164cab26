import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import {
  HOUR,
  answerViaApi,
  askViaApi,
  joinCourse,
  seedCourse,
  seedLecture,
  uploadVideo,
} from '../support/seed';

// SECURITY VAL-3: markup that people type shows as literal text on every screen that shows it, and never
// runs. Each field below carries a handler that would set window.__x if the browser parsed it as HTML.

const payload = (field: string) => `<img src=x onerror=window.__x='${field}'>`;

/** The page shows `text` literally somewhere, and nothing on it ran or became an element. */
async function expectLiteral(page: Page, path: string, texts: string[]) {
  await page.goto(path);
  for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor();
  const found = await page.evaluate(() => ({
    ran: (window as { __x?: unknown }).__x ?? null,
    injected: document.querySelectorAll('img[src="x"]').length,
  }));
  expect(found, path).toEqual({ ran: null, injected: 0 });
}

describe('markup typed into names, titles and questions', () => {
  const b = useBrowser();
  let admin: E2eUser;
  let student: E2eUser;
  let courseId: string;
  let lectureId: string;
  let videoId: string;
  let waitingId: string;

  beforeAll(async () => {
    [admin, student] = await Promise.all([
      signupViaApi({ name: 'Prof Ada' }),
      signupViaApi({ name: payload('student name') }),
    ]);
    courseId = (await seedCourse(admin, payload('course name'), payload('course description'))).id;
    await joinCourse(student, courseId);
    const at = Date.now() - 3 * HOUR;
    lectureId = (
      await seedLecture(admin, {
        courseID: courseId,
        title: payload('lecture title'),
        topic: payload('lecture topic'),
        start: at,
        end: at + HOUR,
      })
    ).id;
    videoId = await uploadVideo(admin, { courseId, lectureId }, 'lecture-10s.mp4', payload('video title'));
    const answered = await askViaApi(student, videoId, payload('answered question'), 2);
    await answerViaApi(admin, answered.id);
    waitingId = (await askViaApi(student, videoId, payload('waiting question'), 4)).id;
    // The course's page lists the lecture with its video once the lecture is loaded by id.
    await apiCall(`/api/lectures/${lectureId}`, { token: admin.token });
  });

  it("shows as text on the instructor's pages", async () => {
    const { page } = b;
    await loginThroughUi(page, admin);
    await expectLiteral(page, '/', [payload('course name')]);
    await expectLiteral(page, `/courses/${courseId}`, [payload('course name'), payload('lecture title')]);
    await expectLiteral(page, '/action-items', [payload('waiting question'), payload('student name')]);
    await expectLiteral(page, `/courses/${courseId}/questions`, [payload('answered question')]);
    await expectLiteral(page, `/respond/${waitingId}`, [payload('waiting question')]);
    await expectLiteral(page, `/videoAdmin/${videoId}`, [payload('video title')]);
  });

  it("shows as text on the student's pages", async () => {
    const { page } = b;
    await loginThroughUi(page, student);
    await expectLiteral(page, `/video/${videoId}?lectureId=${lectureId}`, [
      payload('video title'),
      payload('answered question'),
    ]);
    await expectLiteral(page, `/${videoId}/questions`, [payload('waiting question')]);
  });
});
