import { ANONYMOUS, CONFIRM, ERRORS, SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { useClassroom } from '../support/classroom';
import { lectureVideo, videoState, waitForMetadata } from '../support/player';
import { seedJoinedLecture, uploadVideo } from '../support/seed';

// Watching a lecture (SPEC §2 Video; §4 player rules, usage logging, the live window).

describe('watching a lecture', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  it('an anonymous visitor may watch but sees both warnings and no question box', async () => {
    const { page } = b;
    await page.goto(`/video/${classroom.videoId}`);
    await page.getByText(ANONYMOUS.warning).waitFor();
    await page.getByText(ANONYMOUS.askingDisabled).waitFor();
    expect(await page.getByLabel('Ask a question about this moment of the video').count()).toBe(0);
    await waitForMetadata(page);

    await page.goto('/video/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Video Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  });

  it('refuses fullscreen (pause, alert, exit); play, pause and speed changes are logged', async () => {
    const { page } = b;
    const logged: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/logging/log')) logged.push(r.postDataJSON() as Record<string, unknown>);
    });
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${classroom.videoId}?lectureId=${classroom.ids.lectureId}`);
    await waitForMetadata(page);
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => v.play());
    const dialog = page.waitForEvent('dialog');
    void page.evaluate(() => document.querySelector('video')?.requestFullscreen());
    const alert = await dialog;
    expect(alert.message()).toBe(CONFIRM.fullscreen);
    await alert.accept();
    await page.waitForFunction(() => document.fullscreenElement === null);
    expect((await videoState(page)).paused).toBe(true);
    // Progress reports (what was played) come beside them; the engagement spec checks those.
    await expect
      .poll(() => logged.map((e) => e.action).filter((action) => action !== 'videoProgressLecture'))
      .toEqual(['videoPlayLecture', 'videoPauseLecture']);
    expect(logged[0]).toMatchObject({
      videoID: classroom.videoId,
      lectureID: classroom.ids.lectureId,
      courseID: classroom.ids.courseId,
    });

    // The speed select offers 0.5× to 2.0× and sets the rate, which is logged with the rate.
    const speed = page.getByLabel('Playback speed');
    const options = await speed.locator('option').allTextContents();
    expect([options[0], options[1], options.at(-1), options.length]).toEqual(['0.5×', '0.6×', '2.0×', 16]);
    await speed.selectOption('1.5');
    expect(await lectureVideo(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    await expect.poll(() => logged.at(-1)).toMatchObject({ action: 'videoRateChangeLecture', rate: 1.5 });
  });

  it('plays the next video of the lecture when one ends', async () => {
    const { page } = b;
    const two = await seedJoinedLecture(classroom.admin, await signupViaApi());
    const first = await uploadVideo(classroom.admin, two, 'lecture-10s.mp4');
    const second = await uploadVideo(classroom.admin, two, 'lecture-6s.mp4');
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/video/${first}?lectureId=${two.lectureId}`);
    await waitForMetadata(page);
    await page.getByRole('link', { name: 'lecture-10s (current)' }).waitFor();
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 1;
      return v.play();
    });
    await page.waitForURL(`**/video/${second}?lectureId=${two.lectureId}`);
    await page.getByRole('link', { name: 'lecture-6s (current)' }).waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video');
      return v !== null && !v.paused && v.currentTime > 0;
    });
  });

  it('in the live window a question is sent as live; a failed send keeps the typed text', async () => {
    const liveIds = await seedJoinedLecture(classroom.admin, classroom.student, true);
    const liveVideo = await uploadVideo(classroom.admin, liveIds, 'lecture-10s.mp4');
    const { page } = b;
    await loginThroughUi(page, classroom.student);
    await page.goto(`/video/${liveVideo}?lectureId=${liveIds.lectureId}`);
    const box = page.getByLabel('Ask a question about this moment of the video');
    const text = 'Can we go over the second example live please?';
    await box.fill(text);
    await page.route('**/api/questions', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
    await page.getByRole('button', { name: 'Ask during the live discussion' }).click();
    await page.getByText(ERRORS.questionNotSubmitted).waitFor();
    expect(await box.inputValue()).toBe(text);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/questions') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Ask during the live discussion' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      question: text,
      videoId: liveVideo,
      live: true,
      userID: classroom.student.id,
    });
    await page.getByText(SUCCESS.questionSubmitted(text)).waitFor();
  });
});
