import type { QuestionDto, StartMeetingAnswer } from '@lectern/shared';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from './api';
import { traceRoom } from './room-trace';
import { seedJoinedLecture, uploadVideo } from './seed';

// A built-in live room as the browser tests see it: who is in it, and proof that media flows between
// every pair (bytes received, a picture, time advancing), read from the page's own video elements.

/** A live question's asker and the course admins who meet in its open room. */
export interface LiveRoom {
  questionId: string;
  student: E2eUser;
  admins: E2eUser[];
}

/**
 * A lecture live now, a live question of its student, its room open (as the question page opens it),
 * and `admins` instructors of the course (the first made it; the others accepted an invitation).
 * `base` is the server (or proxy) everything goes through.
 */
export async function seedLiveRoom(
  adminNames: string[],
  studentName: string,
  base?: string,
): Promise<LiveRoom> {
  const [student, ...admins] = await Promise.all([
    signupViaApi({ name: studentName }, base),
    ...adminNames.map((name) => signupViaApi({ name }, base)),
  ]);
  const [owner, ...coAdmins] = admins as [E2eUser, ...E2eUser[]];
  const ids = await seedJoinedLecture(owner, student!, true, base);
  for (const coAdmin of coAdmins) {
    await apiCall('/api/courses/add-admin', {
      method: 'POST',
      token: owner.token,
      body: { courseId: ids.courseId, adminId: coAdmin.id },
      base,
    });
    const [invitation] = await apiCall<{ id: string }[]>('/api/invitations', { token: coAdmin.token, base });
    await apiCall(`/api/invitations/${invitation!.id}/accept`, {
      method: 'POST',
      token: coAdmin.token,
      base,
    });
  }
  const videoId = await uploadVideo(owner, ids, 'lecture-10s.mp4', undefined, base);
  const asked = await apiCall<QuestionDto>('/api/questions', {
    method: 'POST',
    token: student!.token,
    body: { question: 'Can we go through this together?', videoId, time: 4, live: true },
    base,
  });
  await apiCall<StartMeetingAnswer>(`/api/bbb/startMeeting?questionText=x&questionID=${asked.id}`, {
    token: student!.token,
    base,
  });
  return { questionId: asked.id, student: student!, admins };
}

/** A logged-in page of its own (own context, own fake camera) on the room's page, not joined yet. */
export async function roomPage(
  browser: Browser,
  user: E2eUser,
  questionId: string,
  context: { baseURL: string; extraHTTPHeaders?: Record<string, string> },
): Promise<Page> {
  const ctx = await browser.newContext(context);
  ctx.setDefaultTimeout(15_000);
  const page = await ctx.newPage();
  await loginThroughUi(page, user);
  await page.goto(`/room/${questionId}`);
  return page;
}

/** Everyone in `room` on the room's page, by name (see roomPage); `pinOf` as for fourInARoom. */
export async function roomPages(
  browser: Browser,
  room: LiveRoom,
  base: string,
  pinOf: (name: string) => Record<string, string> = () => ({}),
): Promise<Map<string, Page>> {
  const people = [room.student, ...room.admins];
  const context = (name: string) => ({ baseURL: base, extraHTTPHeaders: pinOf(name) });
  return new Map(
    await Promise.all(
      people.map(
        async (user) =>
          [user.name, await roomPage(browser, user, room.questionId, context(user.name))] as const,
      ),
    ),
  );
}

/** Joins from the room's page (its pre-join step) and waits until the page says it is in the room. */
export async function joinRoom(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Join the meeting' }).click();
  await page.getByRole('region', { name: 'In the room' }).waitFor({ timeout: 60_000 });
}

/** The remote tiles' media as the page sees it: name, bytes received, picture width, playback time. */
export function remoteMedia(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('figure.room-tile[data-bytes-received]')].map((tile) => {
      const video = tile.querySelector('video')!;
      return {
        name: tile.dataset.peerName ?? '',
        bytes: Number(tile.dataset.bytesReceived),
        width: video.videoWidth,
        time: video.currentTime,
      };
    }),
  );
}

/**
 * Every page receives every other participant: a tile per other person, bytes received from each, a
 * picture (videoWidth > 0), and then its playback time and bytes received still growing.
 */
export async function expectEveryPairFlowing(pages: Map<string, Page>, timeout: number): Promise<void> {
  for (const [name, page] of pages) {
    const others = [...pages.keys()].filter((n) => n !== name).sort();
    await expect
      .poll(
        async () => {
          const media = await remoteMedia(page);
          return media
            .filter((m) => m.bytes > 0 && m.width > 0 && m.time > 0)
            .map((m) => m.name)
            .sort();
        },
        { timeout, interval: 500, message: `${name} receives everyone` },
      )
      .toEqual(others);
    // Then each keeps arriving: playback time and bytes grow past this reading. The tile samples its
    // bytes once a second (VideoTile's STATS_MS), and on a loaded machine a tick can come late: a
    // single look exactly one second later raced that tick (it failed a run with media flowing), so
    // the check waits for growth instead.
    const before = await remoteMedia(page);
    await expect
      .poll(
        async () => {
          const now = await remoteMedia(page);
          return before
            .filter((earlier) => {
              const later = now.find((m) => m.name === earlier.name);
              return !later || later.time <= earlier.time || later.bytes <= earlier.bytes;
            })
            .map((m) => m.name);
        },
        { timeout: 15_000, interval: 500, message: `${name} keeps receiving and playing everyone` },
      )
      .toEqual([]);
  }
}

/**
 * Four people in one built-in room (the asker and three instructors, each with Chromium's fake camera
 * and microphone) until every pair receives the other: two join one after the other, two at the same
 * moment, the cases of a room filling up. `base` is the server (or proxy) everything goes through;
 * `pinOf` gives a person's extra request headers (which instance nginx sends them to). Returns how long after the first join every pair was flowing.
 */
export async function fourInARoom(
  browser: Browser,
  base: string,
  pinOf: (name: string) => Record<string, string> = () => ({}),
): Promise<number> {
  const room = await seedLiveRoom(['Prof Ada', 'Cora Coadmin', 'Tom Tutor'], 'Sam Student', base);
  const pages = await roomPages(browser, room, base, pinOf);
  const trace = await traceRoom(pages);
  try {
    const started = Date.now();
    await joinRoom(pages.get('Sam Student')!);
    await joinRoom(pages.get('Prof Ada')!);
    await Promise.all([joinRoom(pages.get('Cora Coadmin')!), joinRoom(pages.get('Tom Tutor')!)]);
    await expectEveryPairFlowing(pages, 90_000);
    return Date.now() - started;
  } catch (error) {
    console.error(`The room's trace:\n${trace.lines.join('\n')}`);
    for (const [name, page] of pages)
      console.error(`${name} receives ${JSON.stringify(await remoteMedia(page))}`);
    throw error;
  } finally {
    trace.stop();
    await Promise.all([...pages.values()].map((page) => page.context().close()));
  }
}
