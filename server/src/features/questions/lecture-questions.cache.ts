import type { EventType } from '@lectern/shared';
import type { EventBus } from '../../events/event-bus';
import type { QuestionRow } from './question-list.query';

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

/**
 * Every question of a lecture, shared by all its pollers for up to a second (SECURITY §4: 500 students
 * polling every 7 s then cost about one list query per second per lecture, not 71). Only what is the same
 * for everyone is kept: who may see which row and the caller's own vote are applied per request. Writes
 * through this process clear it at once; writes on any instance clear it when their event arrives
 * (followEvents), so several instances agree within the event delay rather than the TTL.
 */
export class LectureQuestionsCache {
  private readonly entries = new Map<string, { at: number; rows: Promise<QuestionRow[]> }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 1000,
  ) {}

  /** The cached rows, or `load()`'s; concurrent misses share one load. */
  get(lectureId: string, now: number, load: () => Promise<QuestionRow[]>): Promise<QuestionRow[]> {
    const hit = this.entries.get(lectureId);
    if (hit && now - hit.at < this.ttlMs) return hit.rows;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const rows = load();
    this.entries.set(lectureId, { at: now, rows });
    rows.catch(() => this.entries.delete(lectureId));
    return rows;
  }

  /** Any question changed: the next poll of every lecture reads afresh. */
  clear(): void {
    this.entries.clear();
  }

  /** Clears on every committed change to questions, votes or lectures, from any instance. */
  followEvents(bus: EventBus): () => void {
    return bus.subscribe((event) => {
      if (STALE_AFTER.has(event.payload.type)) this.clear();
    });
  }
}
