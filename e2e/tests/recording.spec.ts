import { STATUS_TEXT, SUCCESS } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { FAKE_MEDIA_ARGS, newUserPage, useBrowser } from '../support/browser';
import {
  answerOf,
  openRespondPage,
  playbackMaxGreen,
  pressFocused,
  statusSays,
  trackCount,
  watchTracks,
} from '../support/recording';
import { seedClassroom } from '../support/seed';

// Recording in the browser (issue 9): Chromium's fake camera and microphone stand in for real devices.

describe('recording an answer with a camera and microphone', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('the instructor records 5 s from the keyboard, plays it back and uploads it; the asker plays the answer', async () => {
    const { page } = b;
    await watchTracks(page);
    const question = 'Can you show the experiment on camera?';
    const { student, asked } = await openRespondPage(page, question);
    await statusSays(page, 'Not recording. Choose what to record, then turn on the preview.');
    expect(await page.getByRole('radio', { name: 'Camera', exact: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Turn on preview' }).focus();
    await page.keyboard.press('Enter');
    await statusSays(page, 'Preview of your camera and microphone. Not recording yet.');
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video[aria-label="Live preview"]');
      return v !== null && v.videoWidth > 0 && !v.paused;
    });

    expect(await trackCount(page)).toEqual({ live: 2, all: 2 });
    await pressFocused(page, 'Start recording');
    await statusSays(page, 'Recording starts in 3');
    await statusSays(page, 'Recording your camera and microphone');
    await page.waitForTimeout(2_500);
    await pressFocused(page, 'Pause recording');
    await statusSays(page, /^Recording paused at 0:0[234]$/);
    const pausedClock = await page.locator('.recorder-clock').textContent();
    await page.waitForTimeout(1_500);
    expect(await page.locator('.recorder-clock').textContent()).toBe(pausedClock);
    expect(pausedClock).toMatch(/time left 19:5[5-8]$/);
    await pressFocused(page, 'Resume recording');
    await statusSays(page, 'Recording your camera and microphone');
    await page.waitForTimeout(2_500);
    await page.keyboard.press('Tab');
    await pressFocused(page, 'Stop recording');

    await statusSays(page, /^Recorded 0:0[456] of your camera and microphone\. Play it back/);
    await page.getByLabel('Playback of your recording').evaluate((v: HTMLVideoElement) => v.play());
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video[aria-label="Playback of your recording"]');
      return v !== null && v.currentTime > 0.5 && v.videoWidth > 0;
    });
    await pressFocused(page, 'Upload recording');
    await statusSays(page, 'File Upload Successful');
    expect(await trackCount(page)).toEqual({ live: 0, all: 2 });
    // The WebM take is converted on the server; meanwhile the question says so (SPEC §2, §4).
    await page.getByText(STATUS_TEXT.processing).waitFor();

    // The asker plays the answer once it is ready: an H.264/AAC mp4 of about 5 s.
    await expect.poll(() => answerOf(student, asked.id), { timeout: 150_000, interval: 500 }).toBeTruthy();
    const asker = await newUserPage(b);
    await loginThroughUi(asker, student);
    await asker
      .getByRole('region', { name: 'Your questions with responses' })
      .getByRole('listitem')
      .filter({ hasText: question })
      .getByRole('link', { name: 'click to view response' })
      .click();
    await asker.getByRole('dialog', { name: question }).waitFor();
    const played = await asker.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('dialog video');
      const audio = (v as (HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) | null)
        ?.webkitAudioDecodedByteCount;
      return v && !v.paused && v.currentTime > 1 && { duration: v.duration, src: v.currentSrc, audio };
    });
    const { duration, src, audio } = (await played.jsonValue()) as {
      duration: number;
      src: string;
      audio: number;
    };
    expect(audio).toBeGreaterThan(0); // the microphone's sound came through the conversion
    expect(duration).toBeGreaterThan(4);
    expect(duration).toBeLessThan(7);
    expect(src).toMatch(/\/media\/[a-f0-9]{64}\.mp4\?/);
    await asker.context().close();
  });
});

describe('recording the screen with the camera in a corner into the upload queue', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('records, needs a title, queues the take; leaving the page turns the devices off', async () => {
    const { admin, ids } = await seedClassroom();
    const { page } = b;
    await watchTracks(page);
    await loginThroughUi(page, admin);
    await page.goto(`/courses/${ids.courseId}`);
    await page.getByRole('link', { name: '+ Upload a new lecture video' }).click();
    const recorder = page.getByRole('region', { name: 'Record a video' });
    await recorder.getByRole('radio', { name: 'Screen with camera in a corner' }).check();
    await recorder.getByRole('button', { name: 'Turn on preview' }).click();
    await statusSays(
      page,
      'Preview of your screen with your camera in a corner and microphone. Not recording yet.',
    );
    expect(await trackCount(page)).toEqual({ live: 3, all: 3 });
    await recorder.getByRole('button', { name: 'Start recording' }).click();
    await statusSays(page, 'Recording your screen with your camera in a corner and microphone');
    await page.waitForTimeout(2_000);
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    await statusSays(page, /^Recorded 0:0\d of your screen with your camera in a corner/);
    // The composited picture has the shared screen's size (the fake screen is 1280×720).
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video[aria-label="Playback of your recording"]');
      return v !== null && v.videoWidth === 1280 && v.videoHeight === 720;
    });

    // Chromium's fake screen and camera draw bright shapes, a clock and corner marks on a flat dark green.
    // Where the camera goes (x 934, y 514, 320×180 for a 1280×720 screen; this box stops short of the
    // screen's own corner mark) the screen alone is flat green, as the same box on the left is.
    const [corner = 0, flat = 0] = await playbackMaxGreen(page, [
      [934, 514, 260, 120],
      [100, 250, 260, 120],
    ]);
    expect(corner).toBeGreaterThan(180);
    expect(flat).toBeLessThan(160);

    await recorder.getByRole('button', { name: 'Add recording to queue' }).click();
    await recorder.getByRole('alert').filter({ hasText: 'Title is required' }).waitFor();
    await recorder.getByLabel('Video title').fill('Worked example');
    await recorder.getByRole('button', { name: 'Add recording to queue' }).click();
    await statusSays(page, '"Worked example" was added to the queue.');
    const queue = page.getByRole('list', { name: 'Upload queue' });
    await queue.getByText(/Worked example/).waitFor();
    expect(await queue.textContent()).toMatch(/recording-[\d-]+\.webm/);
    expect((await trackCount(page)).live).toBe(0);

    // The queue uploads with the lecture; a second preview is still on when the page is left, and
    // unmounting the recorder stops its tracks.
    await recorder.getByRole('button', { name: 'Record another' }).click();
    await recorder.getByRole('radio', { name: 'Camera', exact: true }).check();
    await recorder.getByRole('button', { name: 'Turn on preview' }).click();
    await statusSays(page, 'Preview of your camera and microphone. Not recording yet.');
    expect((await trackCount(page)).live).toBe(2);
    await page.getByLabel('Title', { exact: true }).fill('Recorded lecture');
    await page.getByLabel('Topic').fill('Demonstrations');
    await page.getByLabel('Lecture date').fill('2030-03-04T10:00');
    await page.getByRole('button', { name: 'Upload lecture' }).click();
    await page.getByText(SUCCESS.lectureUploaded).waitFor();

    // The new lecture's admin page opens; the recorder is gone, and so are its tracks.
    await page.waitForURL('**/editLecture/*');
    expect((await trackCount(page)).live).toBe(0);
  });
});

describe('recording when the devices are refused', () => {
  // No fake-UI flag: Chromium asks, and Playwright's context answers with what `permissions` grants.
  const refused = useBrowser({ args: ['--use-fake-device-for-media-stream'] });

  it('camera and microphone denied: the message says so and the choice stays open', async () => {
    const { page } = refused;
    await openRespondPage(page, 'Why is the sky dark at night?');
    await page.getByRole('button', { name: 'Turn on preview' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: "Camera access was denied. Allow it in your browser's site settings and try again.",
      })
      .waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('You can still record your screen.');
    expect(await page.getByRole('button', { name: 'Turn on preview' }).isEnabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Screen', exact: true }).isEnabled()).toBe(true);
  });
});

describe('recording without a microphone', () => {
  const cameraOnly = useBrowser({ args: ['--use-fake-device-for-media-stream'], permissions: ['camera'] });

  it('says the take has no sound, and records the camera all the same', async () => {
    const { page } = cameraOnly;
    await openRespondPage(page, 'What is the unit of force?');
    await page.getByRole('button', { name: 'Turn on preview' }).click();
    await statusSays(page, 'Preview of your camera without sound. Not recording yet.');
    await page
      .getByText(
        "Microphone access was denied. Allow it in your browser's site settings and try again. The recording will have no sound.",
      )
      .waitFor();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await statusSays(page, 'Recording your camera without sound');
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await statusSays(page, /^Recorded 0:0\d of your camera without sound/);
    await page.getByRole('button', { name: 'Re-take' }).click();
    await statusSays(page, 'Preview of your camera without sound. Not recording yet.');
  });
});
