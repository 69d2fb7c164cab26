import fs from 'node:fs';
import { CSV_COLUMNS, usageCsvFileName } from '@lectern/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import {
  HOUR,
  addYouTubeVideo,
  joinCourse,
  seedCourse,
  seedLecture,
  uploadVideo,
  youtubeUrl,
} from '../support/seed';

// The instructor's usage report of a video (SPEC §2 Usage page, §9 CSV export).

interface World {
  admin: E2eUser;
  watching: E2eUser;
  paused: E2eUser;
  lectureId: string;
  videoId: string;
}

async function seedWorld(): Promise<World> {
  const admin = await signupViaApi({ name: 'Professor Usage' });
  const watching = await signupViaApi({ name: 'Ada Watcher' });
  const paused = await signupViaApi({ name: 'Doe, Jane' });
  const course = await seedCourse(admin, 'Usage 101', 'Who watched what');
  for (const student of [watching, paused]) await joinCourse(student, course.id);
  const now = Date.now();
  const lecture = await seedLecture(admin, {
    courseID: course.id,
    title: 'Usage lecture',
    topic: 'Analytics',
    available: now - 3 * HOUR,
    start: now - 2 * HOUR,
    end: now - HOUR,
  });
  const ids = { courseId: course.id, lectureId: lecture.id };
  const videoId = await uploadVideo(admin, ids, 'lecture-10s.mp4', 'Ten seconds');

  // What the watch page sends: one student is still playing, the other paused at 3 s.
  const log = (student: E2eUser, action: string, videoTime: number, fromTime?: number) =>
    apiCall('/api/logging/log', {
      method: 'POST',
      token: student.token,
      body: { action, videoTime, fromTime, videoID: videoId, lectureID: lecture.id, courseID: course.id },
    });
  await log(watching, 'videoPlayLecture', 0);
  await log(paused, 'videoPlayLecture', 0);
  await log(paused, 'videoProgressLecture', 3, 0);
  await log(paused, 'videoPauseLecture', 3);
  await log(watching, 'videoProgressLecture', 4, 0);
  return { admin, watching, paused, lectureId: lecture.id, videoId };
}

describe('the usage report', () => {
  const b = useBrowser();
  let w: World;
  beforeAll(async () => {
    w = await seedWorld();
  });

  it('lists the students, refreshes, exports the CSV and charts engagement', async () => {
    const { page } = b;
    await loginThroughUi(page, w.admin);
    await page.goto(`/videoAdmin/${w.videoId}/usage?lectureId=${w.lectureId}`);
    await page.getByRole('heading', { name: 'Video Usage Summary' }).waitFor();

    const adaRow = page.getByRole('row', { name: /Ada Watcher/ });
    await adaRow.getByText('currently watching').waitFor();
    const doeRow = page.getByRole('row', { name: /Doe, Jane/ });
    expect(await doeRow.textContent()).not.toContain('currently watching');
    const names = await page.locator('table.usage-table').first().locator('tbody th').allTextContents();
    expect(names).toEqual(['Ada Watcher', 'Doe, Jane']);

    // Refresh fetches again and moves "Last updated" on.
    const updated = page.getByText(/^Last updated:/);
    const before = await updated.textContent();
    await page.waitForTimeout(1100);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => updated.textContent()).not.toBe(before);

    // Export CSV: a download named after the video, with both students, the comma kept inside quotes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(usageCsvFileName(w.videoId));
    const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(lines[1]).toMatch(/^"Ada Watcher","\d{4}-\d\d-\d\dT[^"]+Z","[^"]+Z"$/);
    expect(lines[2]).toMatch(/^"Doe, Jane",/);
    expect(lines).toHaveLength(3);

    // The chart is drawn, and its table alternative says both students watched the first 5 s.
    await page.getByRole('heading', { name: 'Engagement over the video' }).waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThan(0);
    await page.getByText('Engagement data as a table').click();
    const firstBin = page.getByRole('row', { name: /0:00–0:05/ });
    expect(await firstBin.locator('td').allTextContents()).toEqual(['2', '0', '0']);

    await page.getByRole('button', { name: 'Back to Lecture (Admin)' }).click();
    await page.waitForURL(`**/videoAdmin/${w.videoId}?lectureId=${w.lectureId}`);
  });

  it('shows "No activity yet." for a video nobody opened', async () => {
    const { page } = b;
    const other = await signupViaApi({ name: 'Quiet Admin' });
    const course = await seedCourse(other, 'Quiet course', 'Nobody watches');
    const now = Date.now();
    const lecture = await seedLecture(other, {
      courseID: course.id,
      title: 'Quiet lecture',
      topic: 'Silence',
      start: now,
      end: now + HOUR,
    });
    const ids = { courseId: course.id, lectureId: lecture.id };
    const video = await addYouTubeVideo(other, ids, 'Quiet video', youtubeUrl('dQw4w9WgXcQ'));
    await loginThroughUi(page, other);
    await page.goto(`/videoAdmin/${video.id}/usage`);
    await page.getByText('No activity yet.').waitFor();
  });
});
