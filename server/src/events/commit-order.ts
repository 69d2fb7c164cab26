import type { StoredEvent } from './domain-event';

// Event ids come from a sequence when a transaction writes its event, but transactions commit in any
// order: a reader that has seen id 11 may later find id 10 committed. Rather than make every writer queue
// on one lock until it commits, readers hold back what follows a missing id until the missing id can no
// longer appear, which the database's snapshot tells exactly:
//  - emit() makes its transaction take its transaction id (xid) before the event takes its id;
//  - so if id 11 is visible in a snapshot S and id 10 is not, 10 was handed out before S was taken, to a
//    transaction that already had its xid: one still running in S (S's in-flight list);
//  - once none of those is running any more, id 10 is visible to the next read, or will never exist
//    (rolled back). Nothing else can hold it.
// Gaps are rare (two writers committing out of order, or a rollback) and cost only the wait for those
// transactions; a read without a gap delivers at once.

/** What a read saw of the writers still running: their top-level xids (decimal strings, xid8). */
export interface OutboxSnapshot {
  inFlight: readonly string[];
}

/** A missing id the reader waits for: it is settled once none of `waitFor` is running. */
export interface HeldGap {
  from: number;
  waitFor: readonly string[];
}

export interface OrderedRead {
  /** The events a reader may dispatch now, in id order. */
  ready: StoredEvent[];
  /** The missing id that holds back the rest of the read, if any. */
  gap: HeldGap | null;
}

/**
 * The events of one read (ids after `afterId`, ascending, all read in `snapshot`) that can be dispatched
 * without ever skipping a smaller id committed later. `held` is the gap the previous read stopped at.
 */
export function inCommitOrder(
  rows: readonly StoredEvent[],
  afterId: number,
  snapshot: OutboxSnapshot,
  held: HeldGap | null,
): OrderedRead {
  const running = new Set(snapshot.inFlight);
  const ready: StoredEvent[] = [];
  let expected = afterId + 1;
  for (const row of rows) {
    if (row.id !== expected) {
      // A gap first seen now waits for this snapshot's writers; one seen before, for the writers then.
      const waitFor = held?.from === expected ? held.waitFor : snapshot.inFlight;
      if (waitFor.some((xid) => running.has(xid))) return { ready, gap: { from: expected, waitFor } };
    }
    ready.push(row);
    expected = row.id + 1;
  }
  return { ready, gap: null };
}

/** pg_current_snapshot()'s text form, `xmin:xmax:xip,xip,…`, as the list of running xids. */
export function parseSnapshot(text: string): OutboxSnapshot {
  const list = text.split(':')[2] ?? '';
  return { inFlight: list === '' ? [] : list.split(',') };
}
