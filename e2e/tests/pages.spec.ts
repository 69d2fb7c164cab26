import { beforeAll, describe, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { checkPage } from '../support/page-check';
import { waitForMetadata } from '../support/player';
import { askViaApi, seedAnsweredQuestion } from '../support/seed';

// Issue 11's evidence: every main page at 1280×800 and 390×844 has no serious axe violation and no
// sideways scrolling, and leaves a screenshot in e2e/.screenshots (npm test prints where).

describe('main pages at desk and phone width', () => {
  const b = useBrowser();
  const classroom = useClassroom();
  let openQuestionId: string;

  beforeAll(async () => {
    const { admin, student, ids, videoId } = classroom;
    await seedAnsweredQuestion(admin, ids.courseId, videoId, 'Why does the ball slow down going up?');
    openQuestionId = (await askViaApi(student, videoId, 'What is the unit of acceleration here?', 30)).id;
  });

  it('pages a visitor sees: landing, log in, sign up', async () => {
    const { page } = b;
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign up' }).first().waitFor();
    await checkPage(page, 'landing');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await checkPage(page, 'login');
    await page.goto('/signup');
    await page.getByLabel('Confirm Password').waitFor();
    await checkPage(page, 'signup');
  });

  it('a student’s pages: home, course, watch, questions, settings', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkPage(page, 'home-student');
    await page.goto(`/courses/${classroom.ids.courseId}`);
    await page.getByRole('heading', { name: 'Lectures' }).waitFor();
    await checkPage(page, 'course-student');
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    await checkPage(page, 'watch');
    await page.goto(`/courses/${classroom.ids.courseId}/questions`);
    await page.getByText('Why does the ball slow down going up?').first().waitFor();
    await checkPage(page, 'course-questions');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Update' }).waitFor();
    await checkPage(page, 'settings');
  });

  it('an instructor’s pages: course, upload, edit lecture, video admin, questions, usage, action items, respond', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/courses/${classroom.ids.courseId}`);
    await page.getByRole('heading', { name: 'Lectures' }).waitFor();
    await checkPage(page, 'course-admin');
    await page.goto(`/upload/${classroom.ids.courseId}`);
    await page.getByRole('button', { name: 'Upload lecture' }).waitFor();
    await checkPage(page, 'upload');
    await page.goto(`/editLecture/${classroom.ids.lectureId}`);
    await page.getByRole('heading', { name: 'Manage lecture videos' }).waitFor();
    await page.getByText('lecture-90s').first().waitFor();
    await checkPage(page, 'edit-lecture');
    await page.goto(`/videoAdmin/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    await checkPage(page, 'video-admin');
    await page.goto(`/${classroom.videoId}/questions`);
    await page.getByText('What is the unit of acceleration here?').first().waitFor();
    await checkPage(page, 'video-questions');
    await page.goto(`/videoAdmin/${classroom.videoId}/usage?lectureId=${classroom.ids.lectureId}`);
    await page.getByRole('heading', { level: 1, name: 'Video Usage Summary' }).waitFor();
    await checkPage(page, 'usage');
    await page.goto('/action-items');
    await page.getByText('What is the unit of acceleration here?').first().waitFor();
    await checkPage(page, 'action-items');
    await page.goto(`/respond/${openQuestionId}`);
    await page.getByText('What is the unit of acceleration here?').first().waitFor();
    await checkPage(page, 'respond');
  });
});
