import type { Db } from '../../db/client';
import type { ReaderScope } from './delivery';
import type { StoredEvent } from '../../events/domain-event';
import type { EventBus } from '../../events/event-bus';
import type { Clock } from '../../lib/clock';
import { MemoryCounters } from '../../lib/shared-state/counters';
import { Semaphore } from '../../lib/semaphore';
import { eventsWithIds, replayableIds } from './replay.repository';

// Replaying after Last-Event-ID must stay cheap whoever asks and however often (issue 20: ten anonymous
// replays from id 1 took the site down). Each replay reads at most SCAN_LIMIT outbox rows by primary
// key, filtered by audience in SQL, ids first and payloads only for at most REPLAY_LIMIT of them; a
// few run at once; and each user (or, for anonymous readers, each address) has a budget per minute.
// Past any bound the stream answers `resync` instead: the browser refetches what it shows.

/** Longer gaps are cheaper to refetch than to scan. */
export const SCAN_LIMIT = 10_000;
/** Events replayed into one stream at most. */
export const REPLAY_LIMIT = 500;
const AT_ONCE = 4;
const PER_MINUTE = 60_000;
/** Reconnections after a network change or a server restart: a few a minute; tabs of one user add up. */
export const REPLAYS_PER_MINUTE = { user: 20, anonymousAddress: 30 };

export type Replay = { events: StoredEvent[] } | { resync: true };

export function createReplayer(db: Db, bus: EventBus, clock: Clock) {
  const budgets = new MemoryCounters();
  const slots = new Semaphore(AT_ONCE);

  const withinBudget = async (reader: ReaderScope, address: string): Promise<boolean> => {
    const [key, max] = reader.userId
      ? [`user:${reader.userId}`, REPLAYS_PER_MINUTE.user]
      : [`address:${address}`, REPLAYS_PER_MINUTE.anonymousAddress];
    return (await budgets.hit(key, PER_MINUTE, Date.now())).count <= max;
  };

  /** What the reader missed in (afterId, upToId], or resync when that is too long, gone or over budget. */
  return async (reader: ReaderScope, address: string, afterId: number, upToId: number): Promise<Replay> => {
    if (upToId - afterId > SCAN_LIMIT || !(await withinBudget(reader, address))) return { resync: true };
    return slots.run(async () => {
      if ((await bus.oldestId()) > afterId + 1) return { resync: true }; // pruned meanwhile
      const ids = await replayableIds(db, reader, { afterId, upToId, now: clock() }, REPLAY_LIMIT + 1);
      if (ids.length > REPLAY_LIMIT) return { resync: true };
      return { events: await eventsWithIds(db, ids) };
    });
  };
}
