import { describe, it } from 'vitest';
import { FAKE_MEDIA_ARGS, baseURL, useBrowser } from '../support/browser';
import { expectEveryPairFlowing, joinRoom, roomPage, seedLiveRoom } from '../support/room';

// Issue 21: four people in one built-in room (the asker and three instructors, each with Chromium's fake
// camera and microphone) all see and hear each other: a full mesh of six links, every one carrying media
// both ways.

describe('a built-in room of four', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('connects every pair, whoever joins first', async () => {
    const room = await seedLiveRoom(['Prof Ada', 'Cora Coadmin', 'Tom Tutor'], 'Sam Student');
    const people = [room.student, ...room.admins];
    const pages = new Map(
      await Promise.all(
        people.map(
          async (user) =>
            [user.name, await roomPage(b.browser, user, room.questionId, { baseURL: baseURL() })] as const,
        ),
      ),
    );
    const started = Date.now();
    // Two join one after the other, two at the same moment: the cases of a room filling up.
    await joinRoom(pages.get('Sam Student')!);
    await joinRoom(pages.get('Prof Ada')!);
    await Promise.all([joinRoom(pages.get('Cora Coadmin')!), joinRoom(pages.get('Tom Tutor')!)]);
    await expectEveryPairFlowing(pages, 90_000);
    console.info(`four in a room: every pair flowing ${Date.now() - started} ms after the first join`);
    await Promise.all([...pages.values()].map((page) => page.context().close()));
  }, 300_000);
});
