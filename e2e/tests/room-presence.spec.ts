import { type QuestionDto, ROOM_PRESENCE, STATUS_TEXT } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi } from '../support/api';
import { FAKE_MEDIA_ARGS, baseURL, useBrowser } from '../support/browser';
import { checkPage } from '../support/page-check';
import { joinRoom, roomPage, seedLiveRoom } from '../support/room';

// Issue 21: a live question's card says "A student is waiting" only while the student is in the room
// (pushed to the instructor's open Action Items as they come and go), and a recording of a room nobody
// else joined becomes the answer only if the instructor chooses it.

describe('who is in a live room', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('the card says the student waits while they are in the room and when they left; a solo recording can be discarded', async () => {
    const room = await seedLiveRoom(['Prof Pia'], 'Sol Student');
    const [admin] = room.admins;
    const instructor = b.page;
    await loginThroughUi(instructor, admin!);
    await instructor.goto('/action-items');
    const card = instructor.getByRole('listitem').filter({ hasText: 'Can we go through this together?' });
    await card.getByText(ROOM_PRESENCE.notYet).waitFor({ timeout: 30_000 });
    expect(await card.getByText(STATUS_TEXT.liveWaiting).count()).toBe(0);

    const student = await roomPage(b.browser, room.student, room.questionId, { baseURL: baseURL() });
    await joinRoom(student);
    await card.getByText(STATUS_TEXT.liveWaiting).waitFor({ timeout: 30_000 });
    await card.getByText(ROOM_PRESENCE.waiting('less than a minute')).waitFor();
    // The live card as the instructor sees it, at a desk and on a phone (e2e/.screenshots).
    await checkPage(instructor, 'action-items-live-card');

    await student
      .getByRole('group', { name: 'Meeting controls' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await card.getByText(ROOM_PRESENCE.left('less than a minute')).waitFor({ timeout: 30_000 });
    expect(await card.getByText(STATUS_TEXT.liveWaiting).count()).toBe(0);
    await student.context().close();

    // The instructor comes too late and ends the empty room: their recording is not the answer unasked.
    await instructor.goto(`/room/${room.questionId}`);
    await joinRoom(instructor);
    await instructor.getByRole('button', { name: 'End for everyone' }).click();
    const choice = instructor.getByRole('alertdialog', { name: /Nobody else joined this meeting/ });
    await choice.getByRole('button', { name: 'Use this recording as the answer' }).waitFor();
    await choice.getByRole('button', { name: 'Discard' }).click();
    await instructor.getByRole('status').filter({ hasText: 'its recording was discarded' }).waitFor();
    const question = await apiCall<QuestionDto>(`/api/questions/${room.questionId}`, { token: admin!.token });
    expect(question.status).toBeNull();
    expect(question.response).toBeFalsy();
  }, 240_000);

  it("each tile shows the other person's name, and whether their microphone and camera are off", async () => {
    const room = await seedLiveRoom(['Prof Quinn'], 'Rae Student');
    const [student, instructor] = await Promise.all(
      [room.student, room.admins[0]!].map((user) =>
        roomPage(b.browser, user, room.questionId, { baseURL: baseURL() }),
      ),
    );
    await joinRoom(student!);
    await joinRoom(instructor!);
    const tile = instructor!.getByRole('figure').filter({ hasText: 'Rae Student' });
    await tile.waitFor({ timeout: 60_000 });
    expect(await tile.getByText('Muted').count()).toBe(0);

    const controls = student!.getByRole('group', { name: 'Meeting controls' });
    await controls.getByRole('button', { name: 'Mute' }).click();
    await controls.getByRole('button', { name: 'Turn camera off' }).click();
    await tile.getByText('Muted').waitFor({ timeout: 30_000 });
    await tile.getByText('Camera off').waitFor({ timeout: 30_000 });

    await controls.getByRole('button', { name: 'Unmute' }).click();
    await tile.getByText('Muted').waitFor({ state: 'detached', timeout: 30_000 });
    await tile.getByText('Camera off').waitFor();
    // And the other way: the student sees the instructor's state on theirs.
    await instructor!
      .getByRole('group', { name: 'Meeting controls' })
      .getByRole('button', { name: 'Mute' })
      .click();
    await student!
      .getByRole('figure')
      .filter({ hasText: 'Prof Quinn' })
      .getByText('Muted')
      .waitFor({ timeout: 30_000 });
    await Promise.all([student!, instructor!].map((page) => page.context().close()));
  }, 240_000);

  it('before joining: what will happen, a preview, the devices to choose, and a refused camera said clearly', async () => {
    const room = await seedLiveRoom(['Prof Uma'], 'Val Student');
    const page = await roomPage(b.browser, room.student, room.questionId, { baseURL: baseURL() });
    const before = page.getByRole('region', { name: 'Before you join' });
    await before.getByText(/the others in the room see and hear you/).waitFor();
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('figure video')?.videoWidth ?? 0) > 0,
    );
    const microphone = before.getByLabel('Microphone');
    const choices = await microphone
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(choices.length).toBeGreaterThan(0);
    expect(await before.getByLabel('Camera').locator('option').count()).toBeGreaterThan(0);
    const chosen = choices.at(-1)!;
    await microphone.selectOption(chosen);
    const sending = () =>
      page.evaluate(
        () =>
          (
            document.querySelector<HTMLVideoElement>('figure.room-tile-self video')
              ?.srcObject as MediaStream | null
          )
            ?.getAudioTracks()[0]
            ?.getSettings().deviceId,
      );
    await expect.poll(sending, { timeout: 30_000 }).toBe(chosen);
    await joinRoom(page);
    expect(await sending()).toBe(chosen);
    await page.context().close();

    // A browser that refuses the camera: the page says so and how to allow it; joining still works.
    const refusing = await b.browser.newContext({ baseURL: baseURL() });
    await refusing.addInitScript(() => {
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) =>
        constraints?.video
          ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
          : original(constraints);
    });
    const refused = await refusing.newPage();
    await loginThroughUi(refused, room.student);
    await refused.goto(`/room/${room.questionId}`);
    await refused
      .getByRole('alert')
      .filter({ hasText: 'The browser refused your camera. Allow it for this site' })
      .waitFor({ timeout: 30_000 });
    await joinRoom(refused);
    await refusing.close();
  }, 240_000);
});
