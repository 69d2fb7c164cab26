import { type QuestionDto, ROOM_PRESENCE, STATUS_TEXT } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi } from '../support/api';
import { FAKE_MEDIA_ARGS, baseURL, useBrowser } from '../support/browser';
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
});
