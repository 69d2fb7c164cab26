import type { StoredEvent } from '../src/events/domain-event';
import { courseAudience } from '../src/events/domain-event';
import { emit } from '../src/events/outbox';
import type { TestApp } from './test-app';

// Event writers under the test's control, for the outbox ordering tests: each writes one course.changed
// event named by `label` (its courseId) and commits or rolls back when told.

export interface HeldWriter {
  /** Settles once the event is written, its transaction still open. */
  written: Promise<void>;
  commit(): Promise<void>;
  rollBack(): Promise<void>;
}

class RolledBack extends Error {}

export function heldWriter(t: TestApp, label: string): HeldWriter {
  let written!: () => void;
  let finish!: (outcome: 'commit' | 'rollback') => void;
  const writtenPromise = new Promise<void>((resolve) => (written = resolve));
  const outcome = new Promise<'commit' | 'rollback'>((resolve) => (finish = resolve));
  const done = t.db
    .transaction(async (tx) => {
      await emit(tx, {
        payload: { type: 'course.changed', courseId: label },
        audience: courseAudience(label),
      });
      written();
      if ((await outcome) === 'rollback') throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return {
    written: writtenPromise,
    commit: () => (finish('commit'), done),
    rollBack: () => (finish('rollback'), done),
  };
}

/** The labels of the events the app's bus dispatches, in the order it dispatches them. */
export function dispatchedLabels(t: TestApp): { labels: string[]; ids: number[] } {
  const seen = { labels: [] as string[], ids: [] as number[] };
  t.app.deps.events.subscribe((event: StoredEvent) => {
    seen.labels.push(event.payload.type === 'course.changed' ? event.payload.courseId : '');
    seen.ids.push(event.id);
  });
  return seen;
}
