import { ENDORSED_BY_INSTRUCTOR, SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi, signupViaApi } from '../support/api';
import { newUserPage, useBrowser } from '../support/browser';
import { askViaApi, joinCourse, seedClassroom } from '../support/seed';
import { countNavigations, watchWithStreamOpen } from '../support/watch';

// Student answers (issue 24): the instructor lets students answer on the course's edit page, a classmate
// answers a waiting question from the watch page, the instructor endorses it on the respond page, and the
// asker, watching at that moment, sees the card appear without reloading, through the events stream.

describe('student answers', () => {
  const b = useBrowser();

  it('a classmate answers, the instructor endorses, the asker sees the card without reloading', async () => {
    const { admin, student, ids, videoId } = await seedClassroom();
    const classmate = await signupViaApi({ name: 'Cleo Classmate' });
    await joinCourse(classmate, ids.courseId);
    const question = 'Why is the acceleration negative here?';
    const asked = await askViaApi(student, videoId, question, 25);

    const teacher = await newUserPage(b);
    await loginThroughUi(teacher, admin);
    await teacher.goto(`/editCourse/${ids.courseId}`);
    await teacher.getByLabel('Students may answer questions').check();
    await teacher.getByRole('button', { name: 'Save Changes' }).click();
    await teacher.getByText(SUCCESS.courseUpdated).waitFor();

    const { page } = b;
    await watchWithStreamOpen(page, student, videoId, ids.lectureId);
    const navigations = countNavigations(page);
    const cards = page.getByRole('region', { name: 'Questions at this moment' });

    const peer = await newUserPage(b);
    await loginThroughUi(peer, classmate);
    await peer.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    const waiting = peer.getByRole('region', { name: 'Classmates’ questions' });
    await waiting.getByText(question).waitFor();
    await waiting.getByLabel('Your answer').fill('The axis points **up** and gravity pulls down.');
    await waiting.getByRole('button', { name: 'Post answer' }).click();
    await waiting.locator('.answer-text strong', { hasText: 'up' }).waitFor();

    await teacher.goto(`/respond/${asked.id}`);
    const answers = teacher.getByRole('region', { name: 'Students’ answers' });
    await answers.getByText('Cleo Classmate').waitFor();
    await answers.getByRole('button', { name: 'Endorse' }).click();
    await answers.getByRole('button', { name: 'Withdraw endorsement' }).waitFor();

    await cards.getByRole('button', { name: new RegExp(question) }).waitFor({ timeout: 10_000 });
    await cards.getByText(`${ENDORSED_BY_INSTRUCTOR} · answer by A classmate`).waitFor();
    await cards.locator('.answer-text strong', { hasText: 'up' }).waitFor();
    expect(navigations()).toBe(0);
    await peer.context().close();
    await teacher.context().close();
  });
});
