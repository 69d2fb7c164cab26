import { ACTIVE_WINDOWS_MS } from '@lectern/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// Reports over usage_events. Raw SQL where the report needs count(distinct) filters, DISTINCT ON or window
// functions; times come back as epoch milliseconds (float8) so PGlite and node-postgres agree.

/** The watch page's lecture-playback events: the only ones that move or stop the playhead. */
export const PLAYBACK_ACTIONS = [
  'videoPlayLecture',
  'videoPauseLecture',
  'videoSeekedLecture',
  'videoRateChangeLecture',
] as const;
export type PlaybackAction = (typeof PLAYBACK_ACTIONS)[number];

export const playbackActionList = (): SQL =>
  sql.join(
    PLAYBACK_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  );

export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface ActivityCountsRow {
  activeFiveMinute: number;
  activeOneHour: number;
  activeOneDay: number;
}

/**
 * Distinct users with an event on the lecture, or on any video of its playlist, in each window ending at
 * `now` (inclusive at both ends). One scan over the day, served by the (video_id, created_at) and
 * (lecture_id, created_at) indexes.
 */
export async function countActiveUsers(db: DbOrTx, lectureId: string, now: Date): Promise<ActivityCountsRow> {
  const since = (ms: number) => at(new Date(now.getTime() - ms));
  const [row] = await selectRows<ActivityCountsRow>(
    db,
    sql`
      select
        (count(distinct user_id) filter (where created_at >= ${since(ACTIVE_WINDOWS_MS.activeFiveMinute)}))::int
          as "activeFiveMinute",
        (count(distinct user_id) filter (where created_at >= ${since(ACTIVE_WINDOWS_MS.activeOneHour)}))::int
          as "activeOneHour",
        count(distinct user_id)::int as "activeOneDay"
      from usage_events
      where user_id is not null
        and created_at >= ${since(ACTIVE_WINDOWS_MS.activeOneDay)}
        and created_at <= ${at(now)}
        and (lecture_id = ${lectureId}
             or video_id in (select video_id from lecture_videos where lecture_id = ${lectureId}))`,
  );
  return row ?? { activeFiveMinute: 0, activeOneHour: 0, activeOneDay: 0 };
}

export interface StudentActivityRow {
  userId: string;
  name: string;
  firstMs: number;
  lastMs: number;
  /** The user's latest playback event on the video, if any. */
  playbackAction: PlaybackAction | null;
  playbackAtMs: number | null;
  playbackVideoTime: number | null;
  /** The latest playback rate the user chose on the video, if any. */
  rate: number | null;
}

/** One row per signed-in user with an event on the video (anonymous viewers have no name to report). */
export async function studentActivity(db: DbOrTx, videoId: string): Promise<StudentActivityRow[]> {
  return selectRows<StudentActivityRow>(
    db,
    sql`
      with activity as (
        select user_id, min(created_at) as first_at, max(created_at) as last_at
        from usage_events
        where video_id = ${videoId} and user_id is not null
        group by user_id
      ),
      last_playback as (
        select distinct on (user_id) user_id, action, created_at, video_time
        from usage_events
        where video_id = ${videoId} and user_id is not null and action in (${playbackActionList()})
        order by user_id, created_at desc, id desc
      ),
      last_rate as (
        select distinct on (user_id) user_id, rate
        from usage_events
        where video_id = ${videoId} and user_id is not null and rate is not null
        order by user_id, created_at desc, id desc
      )
      select a.user_id as "userId", u.name,
        (extract(epoch from a.first_at) * 1000)::float8 as "firstMs",
        (extract(epoch from a.last_at) * 1000)::float8 as "lastMs",
        p.action as "playbackAction",
        (extract(epoch from p.created_at) * 1000)::float8 as "playbackAtMs",
        p.video_time::float8 as "playbackVideoTime",
        r.rate::float8 as rate
      from activity a
      join users u on u.id = a.user_id
      left join last_playback p on p.user_id = a.user_id
      left join last_rate r on r.user_id = a.user_id`,
  );
}

/** The video's stored duration, or null when the video is unknown or its duration was never probed. */
export async function videoDuration(db: DbOrTx, videoId: string): Promise<number | null> {
  const [row] = await selectRows<{ duration: number | null }>(
    db,
    sql`select duration_seconds::float8 as duration from videos where id = ${videoId}`,
  );
  return row?.duration ?? null;
}

/** The furthest point of the video anyone reached or asked about: the duration's stand-in. */
export async function furthestKnownPosition(db: DbOrTx, videoId: string): Promise<number> {
  const [row] = await selectRows<{ furthest: number | null }>(
    db,
    sql`
      select greatest(
        (select max(video_time) from usage_events where video_id = ${videoId}),
        (select max(time_asked) from questions where video_id = ${videoId})
      )::float8 as furthest`,
  );
  return row?.furthest ?? 0;
}

/** The video a question belongs to, or null when there is no such question. */
export async function questionVideo(db: DbOrTx, questionId: string): Promise<string | null> {
  const [row] = await selectRows<{ videoId: string }>(
    db,
    sql`select video_id as "videoId" from questions where id = ${questionId}`,
  );
  return row?.videoId ?? null;
}
