import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type UserCoverage, studentsPerBin } from './engagement-bins';
import { selectRows } from './usage.repository';

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
}

/**
 * Per bin of `binSeconds`: distinct students who watched it, who re-watched it, and questions asked in it.
 *
 * Watched is what the player played through, as the watch page's progress reports (videoProgressLecture)
 * name it: the union of each student's reported stretches; re-watched is what two or more of them cover.
 * Nothing is inferred from the time between events, so a seek is a jump and a closed tab or a lost
 * connection stops counting at the last report. The stretches come merged per user from
 * usage_video_users, kept current by the usage_events trigger (migration 0012_watched_from_progress):
 * the cost follows the number of students, not of events.
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
  const { watched, rewatched } = studentsPerBin(coverage, options);
  return watched.map((n, k) => ({
    k,
    watched: n,
    rewatched: rewatched[k] ?? 0,
    questions: asked.get(k) ?? 0,
  }));
}

async function userCoverage(db: DbOrTx, videoId: string): Promise<UserCoverage[]> {
  return selectRows<UserCoverage>(
    db,
    sql`
      select watched, rewatched from usage_video_users
      where video_id = ${videoId} and cardinality(watched) > 0`,
  );
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
