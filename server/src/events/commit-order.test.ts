import { describe, expect, it } from 'vitest';
import { type HeldGap, inCommitOrder, parseSnapshot } from './commit-order';
import type { StoredEvent } from './domain-event';

const event = (id: number): StoredEvent => ({
  id,
  payload: { type: 'course.changed', courseId: 'c1' },
  audience: { visibility: 'members', courseIds: ['c1'], lectures: [] },
});
const ids = (events: StoredEvent[]) => events.map((e) => e.id);
const running = (...inFlight: string[]) => ({ inFlight });

describe('inCommitOrder', () => {
  it('dispatches consecutive ids at once, whatever runs', () => {
    const read = inCommitOrder([event(4), event(5)], 3, running('700'), null);
    expect(ids(read.ready)).toEqual([4, 5]);
    expect(read.gap).toBeNull();
  });

  it('holds what follows a missing id while a writer of that moment runs', () => {
    const read = inCommitOrder([event(4), event(6), event(7)], 3, running('700', '701'), null);
    expect(ids(read.ready)).toEqual([4]);
    expect(read.gap).toEqual({ from: 5, waitFor: ['700', '701'] });
  });

  it('keeps holding while any of the first writers runs, even when new writers come and go', () => {
    const held: HeldGap = { from: 5, waitFor: ['700', '701'] };
    const read = inCommitOrder([event(6)], 4, running('701', '900'), held);
    expect(ids(read.ready)).toEqual([]);
    expect(read.gap).toEqual(held);
  });

  it('dispatches the missing id once its writer committed', () => {
    const held: HeldGap = { from: 5, waitFor: ['700'] };
    const read = inCommitOrder([event(5), event(6)], 4, running('900'), held);
    expect(ids(read.ready)).toEqual([5, 6]);
    expect(read.gap).toBeNull();
  });

  it('passes a missing id for good once the writers that could hold it have all ended (a rollback)', () => {
    const held: HeldGap = { from: 5, waitFor: ['700'] };
    const read = inCommitOrder([event(6), event(7)], 4, running('900'), held);
    expect(ids(read.ready)).toEqual([6, 7]);
    expect(read.gap).toBeNull();
  });

  it('passes a missing id at once when nothing runs (a rollback on a lone connection)', () => {
    const read = inCommitOrder([event(6)], 4, running(), null);
    expect(ids(read.ready)).toEqual([6]);
  });

  it('judges a later gap by the writers running now, not by those of the gap before it', () => {
    const held: HeldGap = { from: 5, waitFor: ['700'] };
    const read = inCommitOrder([event(6), event(8)], 4, running('900'), held);
    expect(ids(read.ready)).toEqual([6]);
    expect(read.gap).toEqual({ from: 7, waitFor: ['900'] });
  });
});

describe('parseSnapshot', () => {
  it("reads pg_current_snapshot()'s running transactions", () => {
    expect(parseSnapshot('700:903:700,701,902')).toEqual({ inFlight: ['700', '701', '902'] });
    expect(parseSnapshot('903:903:')).toEqual({ inFlight: [] });
  });
});
