import { CURRENTLY_WATCHING, type EngagementBin, type UsageEntry } from '@lectern/shared';
import type { EngagementRow } from './engagement.repository';
import type { StudentActivityRow } from './usage.repository';
import { isCurrentlyWatching } from './watching-status';

const iso = (ms: number): string => new Date(ms).toISOString();

export function toUsageEntry(row: StudentActivityRow, durationSeconds: number | null, now: Date): UsageEntry {
  const latest =
    row.playbackAction && row.playbackAtMs !== null
      ? {
          action: row.playbackAction,
          at: new Date(row.playbackAtMs),
          videoTime: row.playbackVideoTime,
          rate: row.rate,
        }
      : null;
  return {
    userId: row.userId,
    name: row.name,
    startTime: iso(row.firstMs),
    lastActive: iso(row.lastMs),
    status: isCurrentlyWatching(latest, durationSeconds, now) ? CURRENTLY_WATCHING : null,
  };
}

// Case-insensitive but accent-aware, the same on every database collation (SPEC §9: sorted by name).
const byName = new Intl.Collator('en', { sensitivity: 'accent' });

export const sortByName = (entries: UsageEntry[]): UsageEntry[] =>
  [...entries].sort((a, b) => byName.compare(a.name, b.name) || a.userId.localeCompare(b.userId));

export const toEngagementBin = (
  row: EngagementRow,
  binSeconds: number,
  durationSeconds: number,
): EngagementBin => ({
  start: row.k * binSeconds,
  end: Math.min((row.k + 1) * binSeconds, durationSeconds),
  watched: row.watched,
  rewatched: row.rewatched,
  questions: row.questions,
});
