import { describe, it } from 'vitest';
import { FAKE_MEDIA_ARGS, useBrowser } from '../support/browser';
import { fourInARoom } from '../support/room';
import { useTwoInstances } from '../support/two-instances';

// Issue 21: the room of four (room-mesh.spec.ts) with its people split over two Lectern instances behind
// nginx, so that half the pairs signal across instances (the notice bus's NOTIFY): the asker and one
// co-admin on A, the two others on B.

const INSTANCE_OF: Record<string, 'a' | 'b'> = {
  'Sam Student': 'a',
  'Cora Coadmin': 'a',
  'Prof Ada': 'b',
  'Tom Tutor': 'b',
};

describe('a built-in room of four across two instances', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });
  const two = useTwoInstances();

  it('connects every pair, on the same instance or not', async () => {
    const took = await fourInARoom(b.browser, two.url, (name) => two.pins[INSTANCE_OF[name]!]);
    console.info(`four in a room on two instances: every pair flowing ${took} ms after the first join`);
  }, 300_000);
});
