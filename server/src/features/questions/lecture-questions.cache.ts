import type { EventType } from '@lectern/shared';
import type { EventBus } from '../../events/event-bus';
import type { StoredEvent } from '../../events/domain-event';
import { spreadMs } from '../../lib/spread';
import type { LectureSnapshot } from './lecture-snapshot';

/** After these events a lecture's questions may read differently. */
const STALE_AFTER: ReadonlySet<EventType> = new Set<EventType>([
  'question.asked',
  'question.answered',
  'question.status',
  'question.edited',
  'question.deleted',
  'vote.changed',
  'lecture.changed',
  'course.changed',
]);

interface Entry {
  snapshot: Promise<LectureSnapshot | null>;
  /** Wall-clock ms of the read it holds. */
  readAt: number;
}

/** What one caller's poll adds to a snapshot, valid while that very snapshot is current. */
interface Overlay<V> {
  snapshotId: number;
  /** Wall-clock ms after which it is read again. */
  until: number;
  value: V;
}

/**
 * Each polled lecture's snapshot (lecture-snapshot.ts), shared by all its pollers (SECURITY §4, issue 14),
 * and what each caller adds to it (their memberships and votes). An event of a change to the lecture,
 * committed on any instance, drops its snapshot, and with it every caller's addition; so does a write
 * through this process, at once (clear). While nothing changes a poll reads nothing from the database.
 *
 * The snapshot is also read again after `recheckMs` and kept when identical, so a change that sends no
 * event (a renamed asker) shows within that time without costing the callers their additions; a caller's
 * addition is read again after one to two times `overlayMs` (a share fixed per caller) at the latest.
 */
export class LectureQuestionsCache<V> {
  private readonly entries = new Map<string, Entry>();
  private readonly overlays = new Map<string, Overlay<V>>();

  constructor(
    private readonly recheckMs = 1000,
    private readonly overlayMs = 60_000,
    private readonly maxEntries = 1000,
    private readonly maxOverlays = 100_000,
  ) {}

  /**
   * The lecture's snapshot, or `load()`'s (null: no such lecture, not kept); concurrent reads share one
   * load. `period` is the current media-URL signing period: a snapshot signed in another is reloaded.
   */
  snapshot(
    lectureId: string,
    now: number,
    period: number,
    load: () => Promise<LectureSnapshot | null>,
  ): Promise<LectureSnapshot | null> {
    const hit = this.entries.get(lectureId);
    if (hit && now - hit.readAt < this.recheckMs) {
      return hit.snapshot.then((s) => (s && s.period !== period ? this.reload(lectureId, now, load) : s));
    }
    return this.reload(lectureId, now, load, hit?.snapshot);
  }

  private reload(
    lectureId: string,
    now: number,
    load: () => Promise<LectureSnapshot | null>,
    previous?: Promise<LectureSnapshot | null>,
  ): Promise<LectureSnapshot | null> {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    // The same content keeps the same snapshot, so callers keep their additions across rechecks.
    const snapshot = Promise.all([load(), previous?.catch(() => null)]).then(([fresh, old]) =>
      fresh && old && old.hash === fresh.hash && old.period === fresh.period ? old : fresh,
    );
    const entry = { snapshot, readAt: now };
    this.entries.set(lectureId, entry);
    snapshot.then(
      (s) => s === null && this.forget(lectureId, entry),
      () => this.forget(lectureId, entry),
    );
    return snapshot;
  }

  private forget(lectureId: string, entry: Entry): void {
    if (this.entries.get(lectureId) === entry) this.entries.delete(lectureId);
  }

  /** The caller's addition to this snapshot, or `load()`'s; kept only when `keep` says so. */
  async overlay(
    key: string,
    snapshot: LectureSnapshot,
    now: number,
    load: () => Promise<V>,
    keep: (value: V) => boolean,
  ): Promise<V> {
    const hit = this.overlays.get(key);
    if (hit && hit.snapshotId === snapshot.id && now < hit.until) return hit.value;
    const value = await load();
    if (this.overlays.size >= this.maxOverlays) this.overlays.clear();
    // Kept `overlayMs` plus a share of it fixed per caller, so a class that came together re-reads spread
    // out; the share is a hash, worked out here rather than at every poll.
    const until = now + this.overlayMs + spreadMs(key, this.overlayMs);
    if (keep(value)) this.overlays.set(key, { snapshotId: snapshot.id, until, value });
    else this.overlays.delete(key);
    return value;
  }

  /** A question changed through this process: every lecture reads afresh. */
  clear(): void {
    this.entries.clear();
  }

  /** Drops the snapshots an event's change may touch, whichever instance committed it. */
  followEvents(bus: EventBus): () => void {
    return bus.subscribe((event) => {
      if (STALE_AFTER.has(event.payload.type)) this.drop(event);
    });
  }

  /** Question and lecture events name their lectures; course events name only the course. */
  private drop({ audience }: StoredEvent): void {
    if (audience.lectures.length > 0) {
      for (const lecture of audience.lectures) this.entries.delete(lecture.id);
      return;
    }
    const courses = new Set(audience.courseIds);
    for (const [lectureId, entry] of this.entries) {
      void entry.snapshot.then(
        (s) => s && courses.has(s.lecture.courseId) && this.forget(lectureId, entry),
        () => undefined,
      );
    }
  }
}
