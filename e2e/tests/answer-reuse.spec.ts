import { type CourseLecturesAnswer, type QuestionDto, SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { newUserPage, useBrowser } from '../support/browser';
import {
  askViaApi,
  joinCourse,
  seedAnsweredQuestion,
  seedClassroom,
  seedCourse,
  seedLectureWithYouTubeVideos,
} from '../support/seed';
import { watchWithStreamOpen } from '../support/watch';

// The instructor reuses answers (issue 24): a question like an answered one shows "Possibly answered by …"
// on Action Items; "Use this answer" answers it, and the asker's open watch page shows its card without a
// reload (the events stream).

describe('answers reused by the instructor', () => {
  const b = useBrowser();

  it('the instructor links an existing answer and the asker sees the card without reloading', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const earlier = 'Why does the square turn red at this moment?';
    await seedAnsweredQuestion(admin, ids.courseId, videoId, earlier);
    const asked = 'how come the square changes to red here';
    await askViaApi(student, videoId, asked, 27);

    // The asker watches at the moment of their question; its card is not there yet.
    const { page } = b;
    await watchWithStreamOpen(page, student, videoId, ids.lectureId);
    const cards = page.getByRole('region', { name: 'Questions at this moment' });
    const card = cards.getByRole('button', { name: new RegExp(asked) });
    expect(await card.count()).toBe(0);

    const teacher = await newUserPage(b);
    await loginThroughUi(teacher, admin);
    await teacher.goto('/action-items');
    const waiting = teacher.getByRole('listitem').filter({ hasText: asked });
    const candidates = waiting.getByRole('list', { name: /^Possibly answered by/ });
    const candidate = candidates.getByRole('listitem', { name: earlier });
    await candidate.waitFor();
    await candidate.getByText('1:05').waitFor();
    await candidate.getByText(/^Video answer, 0:04 long/).waitFor();

    // Played in the response overlay first, then used.
    await candidate.getByRole('button', { name: 'Play the answer' }).click();
    const overlay = teacher.getByRole('dialog', { name: earlier });
    await overlay.locator('video').waitFor();
    await overlay.getByRole('button', { name: 'Close' }).click();
    await candidate.getByRole('button', { name: 'Use this answer' }).click();
    await teacher.getByText('The earlier answer now answers this question').waitFor();
    await teacher.getByText(asked).waitFor({ state: 'detached' });
    await teacher.context().close();

    // No reload on the asker's page: the event brings the card and the notice.
    await card.waitFor({ timeout: 5_000 });
    await page.getByRole('alert').filter({ hasText: 'Your question has a response.' }).waitFor();
    await card.click();
    await page.getByRole('dialog', { name: asked }).locator('video').waitFor();
  });

  it('a lecture duplicated into next term brings its answered questions, with their answers', async () => {
    const instructor = await signupViaApi();
    const past = await seedCourse(instructor, 'Optics 2025');
    const next = await seedCourse(instructor, 'Optics 2026');
    const lecture = await seedLectureWithYouTubeVideos(instructor, past.id, 'Lenses', ['Intro']);
    const videoId = lecture.firstVideoId!;
    const answered = await seedAnsweredQuestion(
      instructor,
      past.id,
      videoId,
      'Why is the image upside down?',
    );
    const asker = await signupViaApi();
    await joinCourse(asker, past.id);
    const open = 'Does the lens work the same in water?';
    await askViaApi(asker, videoId, open, 20);

    const { page } = b;
    await loginThroughUi(page, instructor);
    await page.goto(`/duplicateLecture/${lecture.id}`);
    await page.getByLabel('Course', { exact: true }).selectOption(next.id);
    const bring = page.getByRole('checkbox', { name: 'Bring the 1 answered question with their answers' });
    const answeredBox = page.getByRole('checkbox', { name: answered.question });
    const openBox = page.getByRole('checkbox', { name: open });
    // Ticked at first: the answered question, not the one still waiting.
    expect([await bring.isChecked(), await answeredBox.isChecked(), await openBox.isChecked()]).toEqual([
      true,
      true,
      false,
    ]);
    await bring.uncheck();
    expect(await answeredBox.isChecked()).toBe(false);
    await bring.check();
    expect(await answeredBox.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Duplicate Lecture' }).click();
    await page.getByText(SUCCESS.lectureDuplicated).waitFor();

    const { lectures } = await apiCall<CourseLecturesAnswer>(`/api/lectures/courseLectures/${next.id}`, {
      token: instructor.token,
    });
    const copied = await apiCall<QuestionDto[]>(`/api/questions/lecture-questions/${lectures[0]!.id}`, {
      token: instructor.token,
    });
    expect(copied.map((q) => [q.question, q.timeAsked])).toEqual([[answered.question, answered.timeAsked]]);
    expect(copied[0]!.response).not.toBe('');
  });
});
