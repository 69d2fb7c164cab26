import { describe, expect, it } from 'vitest';
import { appFixture } from '../../test/fixture';
import { dispatchedLabels, heldWriter } from '../../test/outbox-writers';

// Without a lock, an event id may be handed out and never committed (a rollback). The reader must pass
// such a gap without waiting for a notification that never comes; on PGlite (one connection, writers
// queue) that is all the ordering there is to prove. Writers committing out of id order need two
// connections: outbox-concurrent.api.test.ts, on PostgreSQL.

describe('the outbox read order', () => {
  const { t } = appFixture(async () => ({}));

  it('passes the id of a rolled-back event and dispatches what follows, in id order', async () => {
    const seen = dispatchedLabels(t);
    const lost = heldWriter(t, 'lost');
    await lost.written;
    await lost.rollBack();
    const kept = heldWriter(t, 'kept');
    await kept.written;
    await kept.commit();
    const later = heldWriter(t, 'later');
    await later.written;
    await later.commit();
    await expect.poll(() => seen.labels).toEqual(['kept', 'later']);
    expect(seen.ids[1]).toBeGreaterThan(seen.ids[0]!);
  });
});
