import { STATUS_TEXT } from '@lectern/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2eUser, loginThroughUi, signupViaApi } from '../support/api';
import { FAKE_MEDIA_ARGS, baseURL, newUserPage, useBrowser } from '../support/browser';
import { checkPage } from '../support/page-check';
import { waitForMetadata } from '../support/player';
import { answerOf } from '../support/recording';
import { type LectureIds, seedJoinedLecture, uploadVideo } from '../support/seed';

// The built-in live room (issue 10): two Chromium contexts with the fake camera and microphone talk
// WebRTC to each other, signalled through Lectern; the instructor's recording becomes the answer.

const roomStatus = (page: Page, text: string | RegExp) =>
  page.locator('.room-status').filter({ hasText: text }).waitFor();

/** The tile of `name` on `page` shows bytes received from that person (RTCPeerConnection stats). */
const bytesFrom = async (page: Page, name: string) =>
  Number(await page.locator('figure.room-tile', { hasText: name }).getAttribute('data-bytes-received'));

declare global {
  interface Window {
    peerConnectionsMade: number;
  }
}

/** An init script: the page counts the RTCPeerConnections it makes. */
function countPeerConnections() {
  window.peerConnectionsMade = 0;
  window.RTCPeerConnection = class extends window.RTCPeerConnection {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      window.peerConnectionsMade += 1;
    }
  };
}
const peerConnectionsMade = (page: Page) => page.evaluate(() => window.peerConnectionsMade);

/** An instructor and a student of a lecture that is live now, with a 90 s video. */
async function liveLecture(instructorName: string, studentName: string) {
  const [admin, student] = await Promise.all([
    signupViaApi({ name: instructorName }),
    signupViaApi({ name: studentName }),
  ]);
  const ids = await seedJoinedLecture(admin, student, true);
  const videoId = await uploadVideo(admin, ids, 'lecture-90s.mp4');
  return { admin, student, ids, videoId };
}

/** The student asks at 0:25 in the live window and is taken to the room, where they join and wait. */
async function askLiveAndWait(
  asker: Page,
  { student, ids, videoId }: { student: E2eUser; ids: LectureIds; videoId: string },
  question: string,
) {
  await loginThroughUi(asker, student);
  await asker.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
  await waitForMetadata(asker);
  await asker.getByRole('button', { name: 'Forward 25 seconds' }).click();
  await asker.getByLabel('Ask a question about this moment of the video').fill(question);
  await asker.getByRole('button', { name: 'Ask during the live discussion' }).click();
  await asker.waitForURL(/\/room\/[0-9a-f-]{36}$/);
  const questionId = asker.url().split('/').pop()!;
  await asker.getByRole('button', { name: 'Join the meeting' }).click();
  await roomStatus(asker, 'Waiting for the instructor…');
  await asker
    .getByRole('region', { name: 'In the room' })
    .getByText(`${student.name} (student, you)`)
    .waitFor();
  return { asker, questionId };
}

describe('a live question answered in the built-in room', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('the student asks live and waits; the instructor sees it at once, joins, both get media; the recording becomes the answer', async () => {
    const lecture = await liveLecture('Prof Ada', 'Sam Student');
    const { admin, student, ids, videoId } = lecture;
    const question = 'Could you show this step again, live?';

    const instructor = b.page;
    await loginThroughUi(instructor, admin);
    await instructor.goto('/action-items');
    await instructor
      .getByRole('heading', { name: 'Questions needing a response, sorted by course' })
      .waitFor();

    const asker = await newUserPage(b);
    await asker.context().addInitScript(countPeerConnections);
    const { questionId } = await askLiveAndWait(asker, lecture, question);
    // The student's heartbeats are answered late (a slow network) until the instructor's offer has arrived:
    // a list of the room asked before the instructor joined then comes after that offer, and must not
    // replace the connection the offer made.
    let answerHeartbeats!: () => void;
    const heartbeatsHeld = new Promise<void>((resolve) => (answerHeartbeats = resolve));
    let heartbeatAsked!: () => void;
    const firstHeartbeat = new Promise<void>((resolve) => (heartbeatAsked = resolve));
    await asker.context().route('**/api/rooms/*/heartbeat', async (route) => {
      heartbeatAsked();
      const response = await route.fetch();
      await heartbeatsHeld;
      await route.fulfill({ response });
    });

    // The instructor's open Action Items shows it at once (pushed, not polled), and they join.
    const live = instructor.getByRole('listitem').filter({ hasText: question });
    await live.getByText(STATUS_TEXT.liveWaiting).waitFor({ timeout: 3_000 });
    // The room window's events stream, which carries the other browser's signals, opens 3 s late (a busy
    // server): joining waits for it, or the first offer and answer would be lost and the media would wait
    // for the stalled negotiation to start again.
    await instructor.context().route('**/api/events*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    // "Join this meeting" leads to the respond page, which starts the meeting and opens its room in a window.
    const opened = instructor.context().waitForEvent('page');
    await live.getByRole('link', { name: 'Join this meeting' }).click();
    const room = await opened;
    expect(room.url()).toBe(`${baseURL()}/room/${questionId}`);
    await firstHeartbeat;
    // Before, during and after the meeting, at a desk and on a phone (e2e/.screenshots).
    await room.getByRole('button', { name: 'Join the meeting' }).waitFor();
    await checkPage(room, 'live-room-before');
    await room.getByRole('button', { name: 'Join the meeting' }).click();
    await roomStatus(room, 'In the meeting with Sam Student. The meeting is being recorded.');
    await expect.poll(() => peerConnectionsMade(asker)).toBe(1);
    answerHeartbeats();
    await roomStatus(asker, 'In the meeting with Prof Ada.');
    await asker.getByRole('region', { name: 'In the room' }).getByText('Prof Ada (instructor)').waitFor();

    // Each browser receives the other's camera and microphone.
    await expect.poll(() => bytesFrom(asker, 'Prof Ada')).toBeGreaterThan(0);
    await expect.poll(() => bytesFrom(room, 'Sam Student')).toBeGreaterThan(0);
    await room.waitForFunction(() =>
      [...document.querySelectorAll<HTMLVideoElement>('figure.room-tile video')].every(
        (v) => v.videoWidth > 0,
      ),
    );
    expect(await peerConnectionsMade(asker)).toBe(1);
    await checkPage(asker, 'live-room-during');

    await room.waitForTimeout(3_000); // a few seconds of conversation
    // "End for everyone" asks first, its focus on Cancel; the keyboard confirms.
    const press = async (button: ReturnType<Page['getByRole']>) => {
      await button.focus();
      await button.page().keyboard.press('Enter');
    };
    await press(room.getByRole('button', { name: 'End for everyone' }));
    const confirm = room.getByRole('alertdialog', { name: /End the meeting for everyone\?/ });
    await room.keyboard.press('Enter'); // Cancel, which has the focus
    await confirm.waitFor({ state: 'detached' });
    await press(room.getByRole('button', { name: 'End for everyone' }));
    await press(confirm.getByRole('button', { name: 'End the meeting' }));
    await roomStatus(room, /recording of the meeting was uploaded/);
    await roomStatus(asker, 'The meeting has ended.');
    // Not a dead end: what becomes of the recording, and the way back to the lecture.
    const after = asker.getByRole('navigation', { name: 'After the meeting' });
    await after.getByText(/recording becomes the answer once it is processed/).waitFor();
    await after.getByRole('link', { name: 'Back to Kinematics' }).waitFor();
    await checkPage(asker, 'live-room-after');

    // Processed on the server, the recording is the answer; the student plays it at the moment asked.
    await expect.poll(() => answerOf(student, questionId), { timeout: 150_000, interval: 500 }).toBeTruthy();
    await asker.goto(`/video/${videoId}?lectureId=${ids.lectureId}`);
    await waitForMetadata(asker);
    await asker.getByRole('button', { name: 'Forward 25 seconds' }).click();
    const cards = asker.getByRole('region', { name: 'Questions at this moment' });
    await cards.getByRole('button', { name: new RegExp(question) }).click();
    await asker.getByRole('dialog', { name: question }).waitFor();
    const played = await asker.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('dialog video');
      return v && !v.paused && v.currentTime > 1 && v.videoWidth > 0 && { duration: v.duration };
    });
    const { duration } = (await played.jsonValue()) as { duration: number };
    expect(duration).toBeGreaterThan(2);
    await asker.context().close();
  });

  it('the offers, answers and candidates lost while both join are sent again, and the media flows', async () => {
    const lecture = await liveLecture('Prof Bo', 'Sia Student');
    const asker = await newUserPage(b);
    const { questionId } = await askLiveAndWait(asker, lecture, 'Is the slope the speed?');

    // Every signal either browser sends is lost (answered as if relayed) until both are in the meeting.
    let losing = true;
    const instructor = b.page;
    for (const page of [instructor, asker]) {
      await page
        .context()
        .route('**/api/rooms/*/signal', (route) =>
          losing ? route.fulfill({ status: 204 }) : route.continue(),
        );
    }
    await loginThroughUi(instructor, lecture.admin);
    await instructor.goto(`/room/${questionId}`);
    await instructor.getByRole('button', { name: 'Join the meeting' }).click();
    await roomStatus(instructor, 'In the meeting with Sia Student. The meeting is being recorded.');
    await roomStatus(asker, 'In the meeting with Prof Bo.');
    await instructor.waitForTimeout(1_000);
    expect(await bytesFrom(asker, 'Prof Bo')).toBe(0);

    losing = false;
    await expect.poll(() => bytesFrom(asker, 'Prof Bo')).toBeGreaterThan(0);
    await expect.poll(() => bytesFrom(instructor, 'Sia Student')).toBeGreaterThan(0);

    // Mute and camera off stop what the student sends, without leaving; Leave is not a dead end.
    const controls = asker.getByRole('group', { name: 'Meeting controls' });
    await controls.getByRole('button', { name: 'Mute' }).click();
    await controls.getByRole('button', { name: 'Turn camera off' }).click();
    await controls.getByRole('button', { name: 'Unmute', pressed: true }).waitFor();
    await controls.getByRole('button', { name: 'Turn camera on', pressed: true }).waitFor();
    const sending = await asker.evaluate(() =>
      (document.querySelector<HTMLVideoElement>('figure.room-tile-self video')!.srcObject as MediaStream)
        .getTracks()
        .map((t) => `${t.kind}:${t.enabled}`)
        .sort(),
    );
    expect(sending).toEqual(['audio:false', 'video:false']);
    await controls.getByRole('button', { name: 'Leave' }).focus();
    await asker.keyboard.press('Enter');
    await roomStatus(asker, 'You left the meeting.');
    await asker
      .getByRole('navigation', { name: 'After the meeting' })
      .getByRole('link', { name: /^Back to / })
      .waitFor();
    await roomStatus(instructor, /You are alone in the room/);
    await asker.context().close();
  });
});
