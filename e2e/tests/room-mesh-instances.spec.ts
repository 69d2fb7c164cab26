import { afterAll, beforeAll, describe, it } from 'vitest';
import { FAKE_MEDIA_ARGS, useBrowser } from '../support/browser';
import { type TwoInstances, startTwoInstances } from '../support/instances';
import { expectEveryPairFlowing, joinRoom, roomPage, seedLiveRoom } from '../support/room';

// Issue 21: the room of four of room-mesh.spec.ts, its people split between two instances behind nginx
// (two on each): every signal crosses from one instance's request to the other's events stream.
// PostgreSQL only (vitest.config.ts).

describe('a built-in room of four across two instances', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await startTwoInstances();
  }, 180_000);
  afterAll(() => instances?.stop());

  it('connects every pair, two on each instance', async () => {
    const room = await seedLiveRoom(['Prof Ada', 'Cora Coadmin', 'Tom Tutor'], 'Sam Student', instances.url);
    const people = [room.student, ...room.admins];
    const pages = new Map(
      await Promise.all(
        people.map(
          async (user, i) =>
            [
              user.name,
              await roomPage(b.browser, user, room.questionId, {
                baseURL: instances.url,
                extraHTTPHeaders: instances.pins[i % 2]!,
              }),
            ] as const,
        ),
      ),
    );
    const started = Date.now();
    await joinRoom(pages.get('Sam Student')!);
    await joinRoom(pages.get('Prof Ada')!);
    await Promise.all([joinRoom(pages.get('Cora Coadmin')!), joinRoom(pages.get('Tom Tutor')!)]);
    await expectEveryPairFlowing(pages, 90_000);
    console.info(
      `four in a room on two instances: every pair flowing ${Date.now() - started} ms after the first join`,
    );
    await Promise.all([...pages.values()].map((page) => page.context().close()));
  }, 300_000);
});
