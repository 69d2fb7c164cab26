import {
  CONFIRM,
  ERRORS,
  type CourseLecturesAnswer,
  type LectureDto,
  type LectureVideoItem,
  type QuestionDto,
  SUCCESS,
  VALIDATION,
} from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import {
  FIXTURES,
  seedAnsweredQuestion,
  seedCourse,
  seedLectureWithYouTubeVideos,
  youtubeUrl,
} from '../support/seed';

// Lecture journeys (SPEC §2 Upload lecture, Edit lecture, Duplicate lecture, §4 Upload flow).

const FIXTURE_MP4 = `${FIXTURES}/lecture-10s.mp4`;

const playlist = async (owner: E2eUser, lectureId: string) =>
  (await apiCall<LectureVideoItem[]>(`/api/lectures/lectureVideos/${lectureId}`, { token: owner.token })).map(
    (v) => v.title,
  );

const courseLectures = (owner: E2eUser, courseId: string) =>
  apiCall<CourseLecturesAnswer>(`/api/lectures/courseLectures/${courseId}`, { token: owner.token });

const lectureQuestions = (owner: E2eUser, lectureId: string) =>
  apiCall<QuestionDto[]>(`/api/questions/lecture-questions/${lectureId}`, { token: owner.token });

describe('lectures', () => {
  const b = useBrowser();

  it('uploads a lecture with a queued mp4 file and a YouTube link, retrying without a second lecture', async () => {
    const instructor = await signupViaApi();
    const course = await seedCourse(instructor, 'Signals');
    const page = b.page;
    await loginThroughUi(page, instructor);
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('link', { name: '+ Upload a new lecture video' }).click();
    await page.waitForURL(`**/upload/${course.id}`);

    await page.getByRole('button', { name: 'Upload lecture' }).click();
    await page.getByRole('alert').getByText(VALIDATION.metadataRequired).waitFor();

    // The queue's own checks.
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.getByRole('alert').getByText(VALIDATION.titleRequired).waitFor();
    await page.getByLabel('Video title').fill('Part 1');
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.getByRole('alert').getByText(VALIDATION.fileOrLinkRequired).waitFor();
    // Picking a file queues it, with the title typed (issue 11 #4).
    await page.getByLabel('Video file (MP4, MOV, WebM or MKV)').setInputFiles(FIXTURE_MP4);
    await page.getByRole('status').getByText('"Part 1" was added to the queue.').waitFor();
    expect(await page.getByLabel('Video title').inputValue()).toBe('');
    await page.getByLabel('Video title').fill('Part 2');
    await page.getByLabel('YouTube link').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add to queue' }).click();
    const queue = page.getByRole('list', { name: 'Upload queue' });
    expect(await queue.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Part 1'),
      expect.stringContaining('Part 2'),
    ]);

    await page.getByLabel('Title', { exact: true }).fill('Fourier series');
    await page.getByLabel('Topic').fill('Series');
    await page.getByRole('button', { name: 'Upload lecture' }).click();
    await page.getByRole('alert').getByText(VALIDATION.metadataRequired).waitFor();
    await page.getByLabel('Lecture date').fill('2030-03-04T10:00');
    // SPEC §5 defaults: available 30 min before, live from the lecture date for 75 min.
    expect(await page.getByLabel('Date lecture will be available').inputValue()).toBe('2030-03-04T09:30');
    expect(await page.getByLabel('Date live discussion will be available').inputValue()).toBe(
      '2030-03-04T10:00',
    );
    expect(await page.getByLabel('Date live discussion will stop being available').inputValue()).toBe(
      '2030-03-04T11:15',
    );

    // The YouTube step fails once: the lecture and the file are in, so the retry must send only Part 2.
    let youtubeCalls = 0;
    await page.route('**/api/upload/youtubeToLecture', async (route) => {
      youtubeCalls += 1;
      if (youtubeCalls === 1) await route.fulfill({ status: 500, body: '{"error":"boom","code":"X"}' });
      else await route.continue();
    });
    // Slow the file's data so its progress bar can be seen.
    await page.route('**/tus/**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Upload lecture' }).click();
    await page.getByRole('progressbar', { name: /Uploading lecture-10s\.mp4/ }).waitFor();
    await page.getByRole('alert').getByText('Upload failed').first().waitFor();
    expect(await queue.getByRole('listitem').first().innerText()).toContain('(uploaded)');

    await page.getByRole('button', { name: 'Upload lecture' }).click();
    await page.getByText(SUCCESS.lectureUploaded).waitFor();
    const { lectures } = await courseLectures(instructor, course.id);
    expect(lectures.map((l) => l.title)).toEqual(['Fourier series']);
    await page.waitForURL(`**/editLecture/${lectures[0]!.id}`); // the new lecture's admin page
    const videos = await apiCall<LectureVideoItem[]>(`/api/lectures/lectureVideos/${lectures[0]!.id}`, {
      token: instructor.token,
    });
    expect(videos.map((v) => [v.title, v.sourceType])).toEqual([
      ['Part 1', 'localFile'],
      ['Part 2', 'youtubeLink'],
    ]);
    expect(lectures[0]!.lectureDateAvailable).toBe(new Date('2030-03-04T09:30').toISOString());
    await page.goto(`/courses/${course.id}`);
    await page.getByText('Available from', { exact: false }).waitFor();
  });

  it('keeps a created lecture across a reload, so finishing the upload does not create a second one', async () => {
    const instructor = await signupViaApi();
    const course = await seedCourse(instructor, 'Acoustics II');
    const page = b.page;
    await loginThroughUi(page, instructor);
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('link', { name: '+ Upload a new lecture video' }).click();

    await page.getByLabel('Video title').fill('Only part');
    await page.getByLabel('YouTube link').fill(youtubeUrl('dQw4w9WgXcQ'));
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Resonance');
    await page.getByLabel('Topic').fill('Standing waves');
    await page.getByLabel('Lecture date').fill('2020-05-06T08:00');
    await page.route('**/api/upload/youtubeToLecture', (route) =>
      route.fulfill({ status: 503, body: '{"error":"down","code":"X"}' }),
    );
    await page.getByRole('button', { name: 'Upload lecture' }).click();
    await page.getByRole('alert').getByText('Upload failed').first().waitFor();
    await page.unroute('**/api/upload/youtubeToLecture');

    await page.reload();
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.inputValue()).toBe('Resonance');
    expect(await title.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Start a new lecture instead' }).waitFor();
    await page.getByLabel('Video title').fill('Only part');
    await page.getByLabel('YouTube link').fill(youtubeUrl('dQw4w9WgXcQ'));
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.getByRole('button', { name: 'Upload lecture' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit lecture: Resonance' }).waitFor();

    const { lectures } = await courseLectures(instructor, course.id);
    expect(lectures.map((l) => [l.title, l.lectureVideos.length])).toEqual([['Resonance', 1]]);
  });

  it('a student joins a single lecture by its id; without a video it has its own page', async () => {
    const instructor = await signupViaApi();
    const course = await seedCourse(instructor, 'Hydraulics');
    const empty = await seedLectureWithYouTubeVideos(instructor, course.id, 'Pumps', []);
    const filled = await seedLectureWithYouTubeVideos(instructor, course.id, 'Valves', ['Valve intro']);
    const student = await signupViaApi();
    const page = b.page;
    await loginThroughUi(page, student);

    await page.goto('/courses/join');
    await page.getByLabel('Course or Lecture ID').fill(empty.id);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText(SUCCESS.lectureJoined).waitFor();
    await page.waitForURL(`**/lecture/${empty.id}`);
    await page.getByRole('heading', { name: 'Pumps' }).waitFor();
    // Joined alone, the lecture shows its course's name but no link: the course id is its join code
    // (issue 12, item 3).
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Hydraulics').waitFor();
    expect(await page.getByRole('link', { name: 'Hydraulics' }).count()).toBe(0);
    await page.getByText('There is no video in this lecture yet.', { exact: false }).waitFor();

    await page.goto(`/courses/join/${empty.id}`);
    await page.getByText(ERRORS.alreadyJoinedLecture).waitFor();
    await page.waitForURL(`**/lecture/${empty.id}`);

    await page.goto(`/courses/join/${filled.id}`);
    await page.getByText(SUCCESS.lectureJoined).waitFor();
    await page.waitForURL(`**/video/${filled.firstVideoId}?lectureId=${filled.id}`);

    await page.goto('/courses');
    await page.getByRole('heading', { name: 'Enrolled Lectures' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pumps' }).getAttribute('href')).toBe(`/lecture/${empty.id}`);
    expect(await page.getByRole('link', { name: 'Valves' }).getAttribute('href')).toBe(
      `/video/${filled.firstVideoId}?lectureId=${filled.id}`,
    );
  });

  it('edits a lecture: reorder, rename, remove and add videos, then saves the fields', async () => {
    const instructor = await signupViaApi();
    const course = await seedCourse(instructor, 'Circuits');
    const lecture = await seedLectureWithYouTubeVideos(instructor, course.id, 'Ohm', [
      'Alpha',
      'Beta',
      'Gamma',
    ]);
    const page = b.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await loginThroughUi(page, instructor);
    await page.goto(`/editLecture/${lecture.id}`);
    await page.getByText(lecture.id, { exact: true }).waitFor();

    expect(await page.getByRole('button', { name: 'Move Alpha up' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move Gamma down' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move Beta up' }).click();
    await page.getByText(SUCCESS.orderUpdated).waitFor();
    await expect.poll(() => playlist(instructor, lecture.id)).toEqual(['Beta', 'Alpha', 'Gamma']);
    await page.getByRole('button', { name: 'Move Beta up' }).and(page.locator(':disabled')).waitFor();

    await page.getByRole('button', { name: 'Rename Gamma' }).click();
    await page.getByLabel('New title for Gamma').fill('Gamma rays');
    await page.getByLabel('New title for Gamma').press('Enter');
    await page.getByText(SUCCESS.titleUpdated).waitFor();
    await page.getByRole('button', { name: 'Rename Gamma rays' }).waitFor();

    await page.getByRole('button', { name: 'Remove Alpha' }).click();
    await page.getByText(SUCCESS.videoRemoved).waitFor();
    await expect.poll(() => playlist(instructor, lecture.id)).toEqual(['Beta', 'Gamma rays']);

    // Add a video: one source at a time; picking the file clears the link.
    await page.getByRole('button', { name: 'Add Video' }).click();
    await page.getByRole('alert').getByText(VALIDATION.enterTitle).waitFor();
    await page.getByLabel('Video title').fill('Delta');
    await page.getByRole('button', { name: 'Add Video' }).click();
    await page.getByRole('alert').getByText(VALIDATION.chooseFileOrLink).waitFor();
    await page.getByLabel('YouTube link').fill(youtubeUrl('dQw4w9WgXcQ'));
    await page.getByLabel('Video file (MP4, MOV, WebM or MKV)').setInputFiles(FIXTURE_MP4);
    await page.getByRole('alert').getByText(VALIDATION.oneSourceOnly).waitFor();
    expect(await page.getByLabel('YouTube link').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Add Video' }).click();
    await page.getByText(SUCCESS.videoUploaded).waitFor();
    await page.getByLabel('Video title').fill('Epsilon');
    await page.getByLabel('YouTube link').fill(youtubeUrl('dQw4w9WgXcQ'));
    await page.getByRole('button', { name: 'Add Video' }).click();
    await page.getByText(SUCCESS.youtubeAdded).waitFor();
    await expect
      .poll(() => playlist(instructor, lecture.id))
      .toEqual(['Beta', 'Gamma rays', 'Delta', 'Epsilon']);
    await page.getByRole('button', { name: 'Rename Epsilon' }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Ohm and Kirchhoff');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(SUCCESS.lectureUpdated).waitFor();
    const first = (await apiCall<LectureDto>(`/api/lectures/${lecture.id}`, { token: instructor.token }))
      .firstVideoId;
    await page.waitForURL(`**/videoAdmin/${first}?lectureId=${lecture.id}`);
  });

  it('duplicates a lecture concurrently (shared video, Where used) and as an independent copy', async () => {
    const instructor = await signupViaApi();
    const source = await seedCourse(instructor, 'Waves 2025');
    const target = await seedCourse(instructor, 'Waves 2026');
    const lecture = await seedLectureWithYouTubeVideos(instructor, source.id, 'Standing waves', ['Intro']);
    const videoId = lecture.firstVideoId!;
    await seedAnsweredQuestion(instructor, source.id, videoId, 'Why do nodes never move at all?');
    const page = b.page;
    await loginThroughUi(page, instructor);

    await page.goto(`/duplicateLecture/${lecture.id}`);
    await page.getByRole('heading', { name: 'Duplicate lecture "Standing waves"' }).waitFor();
    const select = page.getByLabel('Course', { exact: true });
    expect(await select.locator('option').allInnerTexts()).toEqual([
      'Select a course to add this lecture to',
      'Waves 2026',
    ]);
    expect(await page.locator('label', { hasText: /^Course$/ }).getAttribute('class')).toContain(
      'error-text',
    );
    await page.getByRole('button', { name: 'Duplicate Lecture' }).click();
    await page.getByRole('alert').getByText('Select a course to add this lecture to').waitFor();
    await select.selectOption(target.id);
    expect(await page.locator('label', { hasText: /^Course$/ }).getAttribute('class')).toBeNull();

    // The question: a jump to 1:05 and its answer in a modal.
    const question = page.getByRole('checkbox', { name: 'Why do nodes never move at all?' });
    expect(await question.isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to 1:05 in Intro' }).getAttribute('href')).toBe(
      `/videoAdmin/${videoId}?lectureId=${lecture.id}`,
    );
    await page.getByRole('button', { name: 'View Response' }).click();
    await page.getByRole('dialog').locator('video').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Lecture date').fill('2031-01-10T14:00');
    expect(await page.getByLabel('Date lecture will be available').inputValue()).toBe('2031-01-10T13:30');
    await page.getByRole('radio', { name: /^Concurrent/ }).check();
    expect(await question.isDisabled()).toBe(true);
    expect(await question.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Duplicate Lecture' }).click();
    await page.getByText(SUCCESS.lectureDuplicated).waitFor();
    await page.waitForURL('**/my-videos');

    const [concurrent] = (await courseLectures(instructor, target.id)).lectures;
    expect(concurrent!.lectureVideos).toEqual([videoId]);
    expect(concurrent!.lectureDate).toBe(new Date('2031-01-10T14:00').toISOString());
    expect((await lectureQuestions(instructor, concurrent!.id)).map((q) => q.question)).toEqual([
      'Why do nodes never move at all?',
    ]);

    // The shared video now sits in two lectures.
    await page.goto(`/videoAdmin/${videoId}?lectureId=${lecture.id}`);
    const whereUsed = page.getByRole('button', { name: 'Where used (2)' });
    expect(await whereUsed.getAttribute('aria-expanded')).toBe('false');
    await whereUsed.click();
    expect(await whereUsed.getAttribute('aria-expanded')).toBe('true');
    expect(
      await page
        .getByRole('link', { name: 'Course: Waves 2026 → Lecture: Standing waves' })
        .getAttribute('href'),
    ).toBe(`/courses/${target.id}`);
    await page.getByRole('link', { name: 'Course: Waves 2025 → Lecture: Standing waves' }).waitFor();

    // Independent copy, without the question.
    await page.goto(`/duplicateLecture/${lecture.id}`);
    await page.getByLabel('Course', { exact: true }).selectOption(target.id);
    expect(await page.getByRole('radio', { name: /^Duplicate/ }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Why do nodes never move at all?' }).uncheck();
    await page.getByRole('button', { name: 'Duplicate Lecture' }).click();
    await page.getByText(SUCCESS.lectureDuplicated).waitFor();
    await page.waitForURL('**/my-videos');

    const copies = (await courseLectures(instructor, target.id)).lectures;
    const copy = copies.find((l) => l.id !== concurrent!.id)!;
    expect(copies).toHaveLength(2);
    expect(copy.lectureVideos).toHaveLength(1);
    expect(copy.lectureVideos[0]).not.toBe(videoId);
    expect(await lectureQuestions(instructor, copy.id)).toEqual([]);
  });

  it('deletes a lecture after confirming and goes back two pages', async () => {
    const instructor = await signupViaApi();
    const course = await seedCourse(instructor, 'Optics II');
    const lecture = await seedLectureWithYouTubeVideos(instructor, course.id, 'Lenses', []);
    const page = b.page;
    await loginThroughUi(page, instructor);
    // Two pages inside the app before the edit page: My Videos → the course → the lecture's card.
    await page.goto('/my-videos');
    await page.getByRole('link', { name: 'Optics II' }).click();
    await page.getByRole('link', { name: 'Lenses' }).click(); // no video yet: the card opens the edit page
    await page.waitForURL(`**/editLecture/${lecture.id}`);

    await page.getByLabel('Delete Lecture').check();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete this lecture' }).click();
    await page.getByText(SUCCESS.lectureDeleted).waitFor();
    await page.waitForURL('**/my-videos');
    expect(dialogs).toEqual([CONFIRM.deleteLecture]);
    expect((await courseLectures(instructor, course.id)).lectures).toEqual([]);
  });
});
