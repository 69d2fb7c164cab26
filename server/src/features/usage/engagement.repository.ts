import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type UserCoverage, studentsPerBin } from './engagement-bins';
import { type PlaybackAction, selectRows } from './usage.repository';

export interface EngagementRow {
  k: number;
  watched: number;
  rewatched: number;
  questions: number;
}

export interface EngagementOptions {
  binSeconds: number;
  durationSeconds: number;
  binCount: number;
  now: Date;
}

/**
 * Per bin of `binSeconds`: distinct students who watched it, who re-watched it, and questions asked in it.
 *
 * Watched spans are inferred from each user's playback events in order (the page sends no heartbeat):
 * - play, seek and rate change start a span at their position; a pause ends playback;
 * - the span runs to the next event: to its position when that is a pause, play or rate change (they carry
 *   the current playhead), but no further than the wall-clock time allows (elapsed × rate + 1 s of jitter);
 *   before a seek (which carries the new position) it runs elapsed × rate; the last span runs until `now`;
 * - every span stops at the end of the video. The rate is the user's latest chosen rate, else 1.
 * A seek to an earlier position than the one reached before it marks the bins in between as re-watched.
 *
 * The closed spans come merged per user from usage_video_users, kept current by the usage_events trigger
 * (migration 0009_usage_rollups); only the last span, which grows with `now`, is added here. The cost
 * follows the number of students, not of events.
 */
export async function engagementBins(
  db: DbOrTx,
  videoId: string,
  options: EngagementOptions,
): Promise<EngagementRow[]> {
  const [coverage, asked] = await Promise.all([
    userCoverage(db, videoId),
    questionsPerBin(db, videoId, options),
  ]);
  const { watched, rewatched } = studentsPerBin(coverage, {
    ...options,
    nowUs: options.now.getTime() * 1000,
  });
  return watched.map((n, k) => ({
    k,
    watched: n,
    rewatched: rewatched[k] ?? 0,
    questions: asked.get(k) ?? 0,
  }));
}

interface CoverageRow {
  watched: number[];
  rewatched: number[];
  tailAction: PlaybackAction | null;
  tailPosition: number | null;
  tailRate: number | null;
  tailAtUs: string | null;
}

async function userCoverage(db: DbOrTx, videoId: string): Promise<UserCoverage[]> {
  const rows = await selectRows<CoverageRow>(
    db,
    sql`
      select watched, rewatched, tail_action as "tailAction", tail_position as "tailPosition",
        tail_rate as "tailRate", (extract(epoch from tail_at) * 1000000)::int8::text as "tailAtUs"
      from usage_video_users
      where video_id = ${videoId} and (tail_action is not null or cardinality(rewatched) > 0)`,
  );
  return rows.map((r) => ({
    watched: r.watched,
    rewatched: r.rewatched,
    tail:
      r.tailAction !== null && r.tailPosition !== null && r.tailAtUs !== null
        ? { action: r.tailAction, position: r.tailPosition, rate: r.tailRate ?? 1, atUs: Number(r.tailAtUs) }
        : null,
  }));
}

/** Questions per bin; those asked past the end count in the last bin. */
async function questionsPerBin(db: DbOrTx, videoId: string, options: EngagementOptions) {
  const rows = await selectRows<{ k: number; n: number }>(
    db,
    sql`
      select least(greatest(floor(time_asked / ${options.binSeconds}::float8)::int, 0), ${options.binCount - 1}::int)
        as k, count(*)::int as n
      from questions
      where video_id = ${videoId}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.k, r.n]));
}
