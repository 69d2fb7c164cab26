import { describe, it } from 'vitest';
import { FAKE_MEDIA_ARGS, baseURL, useBrowser } from '../support/browser';
import { fourInARoom } from '../support/room';

// Issue 21: four people in one built-in room (the asker and three instructors, each with Chromium's fake
// camera and microphone) all see and hear each other: a full mesh of six links, every one carrying media
// both ways. Across two instances behind nginx: room-mesh-two-instances.postgres.spec.ts.

describe('a built-in room of four', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('connects every pair, whoever joins first', async () => {
    const took = await fourInARoom(b.browser, baseURL());
    console.info(`four in a room: every pair flowing ${took} ms after the first join`);
  }, 300_000);
});
