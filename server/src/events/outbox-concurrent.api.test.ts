import { describe, expect, it } from 'vitest';
import { appFixture } from '../../test/fixture';
import { dispatchedLabels, heldWriter } from '../../test/outbox-writers';

// Two transactions on two connections write events; the one with the larger id commits first. With no
// lock between writers, the reader must hold the later id back until the earlier one commits (or can
// no longer), so that a reader at id n never finds a smaller id committed afterwards (commit-order.ts).

describe('event writers committing out of id order (two connections)', () => {
  const { t } = appFixture(async () => ({}));

  it('never lets a reader skip the earlier id: it holds the later one until the earlier commits', async () => {
    const seen = dispatchedLabels(t);
    const first = heldWriter(t, 'first');
    await first.written;
    const second = heldWriter(t, 'second');
    await second.written;
    await second.commit();
    await t.app.deps.events.pump();
    expect(seen.labels).toEqual([]);
    const readersLastId = t.app.deps.events.lastId();

    await first.commit();
    await expect.poll(() => seen.labels).toEqual(['first', 'second']);
    expect(seen.ids[0]).toBeGreaterThan(readersLastId);
    expect(seen.ids[1]).toBeGreaterThan(seen.ids[0]!);
  });

  it('releases the later id once the earlier writer rolls back, without a notification', async () => {
    const seen = dispatchedLabels(t);
    const first = heldWriter(t, 'abandoned');
    await first.written;
    const second = heldWriter(t, 'committed');
    await second.written;
    await second.commit();
    await t.app.deps.events.pump();
    expect(seen.labels).toEqual([]);

    await first.rollBack();
    await expect.poll(() => seen.labels).toEqual(['committed']);
  });
});
