import type { Engagement } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi } from '../support/api';
import { newUserPage, useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { lectureVideo, videoState, waitForMetadata } from '../support/player';

// Issue 21: the engagement chart counts what was watched, from the positions the player reports while
// playing; seeks are jumps and a closed tab stops at its last report.

describe('the engagement chart', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  const seek = (seconds: number) =>
    lectureVideo(b.page).evaluate((v: HTMLVideoElement, s) => {
      v.currentTime = s;
    }, seconds);
  const playUntil = (seconds: number) =>
    expect
      .poll(async () => (await videoState(b.page)).time, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(seconds);
  const engagement = () =>
    apiCall<Engagement>(`/api/admin/logs/video/${classroom.videoId}/engagement?bin=5`, {
      token: classroom.admin.token,
    });

  it('counts play, seek, pause and a closed tab as the student watched them, bin by bin', async () => {
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);

    // 0:00 to past 0:11, paused; a jump to 1:00 while paused; 1:00 to past 1:01. Each stop leaves 4 s
    // before the next bin, so that a slow poll cannot carry the playhead into it.
    await page.keyboard.press('k');
    await playUntil(11);
    await page.keyboard.press('k');
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);
    await seek(60);
    await page.keyboard.press('k');
    await playUntil(61);
    // A jump back to 0:01 while playing, watched again to past 0:06, then the tab is closed mid-play.
    await seek(1);
    await expect.poll(async () => (await videoState(page)).time).toBeLessThan(10);
    await playUntil(6);
    expect((await videoState(page)).paused).toBe(false);
    await page.close({ runBeforeUnload: true });

    // Bins of 5 s: 0:00–0:15 watched (0:01–0:10 twice), 1:00–1:05 watched, nothing else, and
    // it stays so however long after the tab closed the chart is read.
    const binCount = Math.ceil((await engagement()).durationSeconds / 5); // the file is a little over 90 s
    const watched = Array.from({ length: binCount }, (_, k) => (k <= 2 || k === 12 ? 1 : 0));
    const rewatched = Array.from({ length: binCount }, (_, k) => (k <= 1 ? 1 : 0));
    const series = async () => {
      const bins = (await engagement()).bins;
      return { watched: bins.map((bin) => bin.watched), rewatched: bins.map((bin) => bin.rewatched) };
    };
    await expect.poll(series, { timeout: 15_000 }).toEqual({ watched, rewatched });

    // The instructor's chart says the same in its table.
    const admin = await newUserPage(b);
    await loginThroughUi(admin, classroom.admin);
    await admin.goto(`/videoAdmin/${classroom.videoId}/usage?lectureId=${classroom.ids.lectureId}`);
    await admin.getByText('Engagement data as a table').click();
    const cells = (range: string) => admin.getByRole('row', { name: range }).locator('td').allTextContents();
    expect(await cells('0:00–0:05')).toEqual(['1', '1', '0']);
    expect(await cells('0:10–0:15')).toEqual(['1', '0', '0']);
    expect(await cells('0:15–0:20')).toEqual(['0', '0', '0']);
    expect(await cells('0:55–1:00')).toEqual(['0', '0', '0']);
    expect(await cells('1:00–1:05')).toEqual(['1', '0', '0']);
    expect(await cells('1:05–1:10')).toEqual(['0', '0', '0']);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await series()).toEqual({ watched, rewatched });
  });
});
