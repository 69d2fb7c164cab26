import { ACCOUNT_SECURITY, CONFIRM, type CourseDto, ERRORS, SUCCESS, VALIDATION } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { baseURL, newUserPage, useBrowser } from '../support/browser';
import { joinCourse, seedCourse } from '../support/seed';

// Courses journeys (SPEC §2 Courses, My Videos, Create course, Join, Course page, Edit course).

describe('courses', () => {
  const b = useBrowser();

  it('an instructor creates a course from My Videos and copies its join link', async () => {
    const instructor = await signupViaApi({ name: 'Ada Instructor' });
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = b.page;
    await loginThroughUi(page, instructor);

    await page.goto('/my-videos');
    await page.getByText('You have not posted any videos yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: '+ Create a New Course' }).click();
    await page.getByRole('button', { name: 'Create Course' }).click();
    await page.getByRole('alert').getByText(VALIDATION.fillAllFields).waitFor();

    await page.getByLabel('Course Name').fill('Thermodynamics');
    await page.getByLabel('Course Description').fill('Heat, work and entropy');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await page.getByText(SUCCESS.courseCreated('Thermodynamics')).waitFor();
    await page.waitForURL(/\/courses\/[0-9a-f-]{36}$/);
    const courseId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('heading', { name: 'Thermodynamics' }).waitFor();
    await page.getByText('Heat, work and entropy').waitFor();
    await page.getByRole('link', { name: '+ Upload a new lecture video' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit course information' }).getAttribute('href')).toBe(
      `/EditCourse/${courseId}`,
    );
    await page.getByText(courseId, { exact: true }).waitFor();

    const joinLink = `${baseURL()}/login/${courseId}`;
    await page.getByRole('button', { name: `Copy join link ${joinLink}` }).click();
    await page.getByText(SUCCESS.linkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(joinLink);

    await page.goto('/my-videos');
    await page
      .getByRole('heading', {
        name: 'Created Courses (courses you are managing and need to answer any questions asked)',
      })
      .waitFor();
    await page.getByRole('link', { name: 'Thermodynamics' }).waitFor();
  });

  it('a student joins through the join page, and is told about repeats, own courses and unknown ids', async () => {
    const instructor = await signupViaApi();
    const course = await seedCourse(instructor, 'Optics');
    const student = await signupViaApi();
    const page = b.page;
    await loginThroughUi(page, student);

    await page.goto('/courses');
    await page.getByText('Ask your instructor for an access code', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Join existing course/lecture' }).click();
    await page.waitForURL('**/courses/join');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('alert').getByText(VALIDATION.pasteId).waitFor();

    await page.getByLabel('Course or Lecture ID').fill('00000000-0000-4000-8000-000000000000');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText(ERRORS.courseDoesNotExist).waitFor();

    await page.getByLabel('Course or Lecture ID').fill(` ${course.id} `);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText(SUCCESS.courseJoined).waitFor();
    await page.waitForURL(`**/courses/${course.id}`);
    await page.getByRole('heading', { name: 'Optics' }).waitFor();
    await page.getByRole('link', { name: 'See all answered questions of this course' }).waitFor();
    expect(await page.getByRole('link', { name: '+ Upload a new lecture video' }).count()).toBe(0);

    await page.goto('/courses');
    await page.getByRole('heading', { name: 'Enrolled Courses' }).waitFor();
    await page.getByRole('link', { name: 'Optics' }).waitFor();

    await page.goto(`/courses/join/${course.id}`); // a second join, started by the path
    await page.getByText(ERRORS.alreadyEnrolled).waitFor();
    await page.waitForURL(`**/courses/${course.id}`);

    const own = await newUserPage(b);
    await loginThroughUi(own, instructor);
    await own.goto(`/courses/join/${course.id}`);
    await own.getByText(VALIDATION.cantJoinOwnCourse).waitFor();
    expect(new URL(own.url()).pathname).toBe(`/courses/join/${course.id}`);
    await own.context().close();
  });

  it('a student joins by the join link: log in, then the course is joined', async () => {
    const instructor = await signupViaApi();
    const course = await seedCourse(instructor, 'Acoustics');
    const student = await signupViaApi();
    const page = b.page;

    await page.goto(`/login/${course.id}`);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(SUCCESS.courseJoined).waitFor();
    await page.waitForURL(`**/courses/${course.id}`);
    await page.getByRole('heading', { name: 'Acoustics' }).waitFor();

    const answer = await apiCall<{ joinedCourses: { id: string }[] }>(
      `/api/courses/user-courses/${student.id}`,
      { token: student.token },
    );
    expect(answer.joinedCourses.map((c) => c.id)).toEqual([course.id]);
  });

  it('an admin adds a second admin, edits the course and deletes it after confirming', async () => {
    const instructor = await signupViaApi({ name: 'Grace Owner' });
    const colleague = await signupViaApi({ name: 'Alan Colleague' });
    const course = await seedCourse(instructor, 'Mechanics');
    await joinCourse(colleague, course.id);
    const page = b.page;
    await loginThroughUi(page, instructor);

    await page.goto('/my-videos');
    await page.getByRole('link', { name: '+ Add an admin' }).click();
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByRole('alert').getByText(VALIDATION.missingInformation).waitFor();
    await page.getByLabel('Course', { exact: true }).selectOption({ label: course.name });
    // Add admin invites (issue 12); the colleague, picked from the course, accepts (invitations.spec.ts clicks it).
    await page.getByRole('radio', { name: colleague.name }).check();
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByText(ACCOUNT_SECURITY.invitationSent).waitFor();
    await page.waitForURL('**/my-videos'); // back one page after 1 s
    const [invitation] = await apiCall<{ id: string }[]>('/api/invitations', { token: colleague.token });
    await apiCall(`/api/invitations/${invitation!.id}/accept`, { token: colleague.token, method: 'POST' });

    await page.goto(`/editCourse/${course.id}`);
    await page.getByText(`${colleague.name} (${colleague.id})`).waitFor();
    await page.getByText(course.id, { exact: true }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Classical Mechanics');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(SUCCESS.courseUpdated).waitFor();
    expect((await apiCall<CourseDto>(`/api/courses/${course.id}`, { token: instructor.token })).name).toBe(
      'Classical Mechanics',
    );

    const deleteButton = page.getByRole('button', { name: 'Delete this course' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await page.getByLabel('Delete Course').check();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await deleteButton.click();
    await page.getByText(SUCCESS.courseDeleted).waitFor();
    await page.waitForURL('**/my-videos');
    expect(dialogs).toEqual([CONFIRM.deleteCourse]);
    await expect(apiCall(`/api/courses/${course.id}`, { token: instructor.token })).rejects.toThrow(/404/);
  });
});
