import type { QuestionDto } from '@lectern/shared';
import type { Page } from 'playwright-core';
import { type E2eUser, apiCall, loginThroughUi } from './api';
import { askViaApi, seedClassroom } from './seed';

// The in-browser recorder as a test sees it: its status line, the device tracks it holds, its picture.

const status = (page: Page) => page.locator('.recorder [role="status"]');

/** The status line reads `text` (the recorder's live region). */
export const statusSays = (page: Page, text: string | RegExp) =>
  status(page).filter({ hasText: text }).waitFor();

/** Keeps every camera, microphone and screen track the page is given, to check that all were stopped. */
export async function watchTracks(page: Page) {
  await page.context().addInitScript(() => {
    const kept: MediaStreamTrack[] = [];
    (window as unknown as { capturedTracks: MediaStreamTrack[] }).capturedTracks = kept;
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    const getDisplayMedia = devices.getDisplayMedia.bind(devices);
    devices.getUserMedia = async (c) => {
      const stream = await getUserMedia(c);
      kept.push(...stream.getTracks());
      return stream;
    };
    devices.getDisplayMedia = async (c) => {
      const stream = await getDisplayMedia(c);
      kept.push(...stream.getTracks());
      return stream;
    };
  });
}

/** How many of the page's device tracks are live (camera light on), and how many it got at all. */
export const trackCount = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { capturedTracks: MediaStreamTrack[] }).capturedTracks;
    return { live: kept.filter((t) => t.readyState === 'live').length, all: kept.length };
  });

/** The brightest green (0–255) in each rectangle [x, y, width, height] of the recording, one second in. */
export const playbackMaxGreen = (page: Page, rects: [number, number, number, number][]) =>
  page.evaluate(async (areas) => {
    const video = document.querySelector<HTMLVideoElement>('video[aria-label="Playback of your recording"]');
    if (!video) throw new Error('no playback');
    video.currentTime = 1;
    await new Promise((seeked) => video.addEventListener('seeked', seeked, { once: true }));
    const canvas = Object.assign(document.createElement('canvas'), {
      width: video.videoWidth,
      height: video.videoHeight,
    });
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(video, 0, 0);
    return areas.map(([x, y, width, height]) => {
      const data = context.getImageData(x, y, width, height).data;
      let green = 0;
      for (let i = 1; i < data.length; i += 4) green = Math.max(green, data[i] ?? 0);
      return green;
    });
  }, rects);

/** The id of the question's answer video, once it has one (the asker may read their own question). */
export const answerOf = async (asker: E2eUser, questionId: string) =>
  (await apiCall<QuestionDto>(`/api/questions/${questionId}`, { token: asker.token })).response;

/** Prof Ada's classroom with one question of Sam's, and Ada on its respond page. */
export async function openRespondPage(page: Page, question: string) {
  const classroom = await seedClassroom();
  const asked = await askViaApi(classroom.student, classroom.videoId, question, 20);
  await loginThroughUi(page, classroom.admin);
  await page.goto(`/respond/${asked.id}`);
  return { ...classroom, asked };
}

/** Keyboard only: Enter on the focused button, after checking it is the one expected. */
export async function pressFocused(page: Page, name: string) {
  await page.waitForFunction((label) => document.activeElement?.textContent === label, name);
  await page.keyboard.press('Enter');
}
