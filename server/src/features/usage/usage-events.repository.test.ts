import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { insertUsageEvent } from './usage-events.repository';

/** A stand-in database that records each insert's rows and can be made to fail or to wait. */
function fakeDb() {
  const inserts: unknown[][] = [];
  let fail = false;
  let release: (() => void) | null = null;
  const db = {
    insert: () => ({
      values: async (rows: unknown[]) => {
        if (release === null) await new Promise<void>((r) => (release = r));
        inserts.push(rows);
        if (fail) throw new Error('disk full');
      },
    }),
  } as unknown as DbOrTx;
  return {
    db,
    inserts,
    failNext: () => (fail = true),
    /** Lets the pending insert and every later one through. */
    open: () => {
      const r = release;
      release = () => undefined;
      r?.();
    },
  };
}

const event = (action: string) => ({ action, createdAt: new Date(0) });

describe('insertUsageEvent', () => {
  it('writes the first event alone and batches those that arrive while it is written', async () => {
    const f = fakeDb();
    const all = [
      insertUsageEvent(f.db, event('a')),
      insertUsageEvent(f.db, event('b')),
      insertUsageEvent(f.db, event('c')),
    ];
    f.open();
    await Promise.all(all);
    expect(f.inserts.map((rows) => rows.length)).toEqual([1, 2]);
  });

  it('rejects every caller of a failed batch', async () => {
    const f = fakeDb();
    f.failNext();
    const all = [insertUsageEvent(f.db, event('a')), insertUsageEvent(f.db, event('b'))];
    f.open();
    const results = await Promise.allSettled(all);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
