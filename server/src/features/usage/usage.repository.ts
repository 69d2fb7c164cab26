import { ACTIVE_WINDOWS_MS } from '@lectern/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// Reports over usage_events and its rollups (usage_video_users). Raw SQL where a report needs
// count(distinct) filters or arrays; times come back as epoch milliseconds (float8) so PGlite and
// node-postgres agree.

/** The watch page's lecture-playback events: the only ones that move or stop the playhead. */
export const PLAYBACK_ACTIONS = [
  'videoPlayLecture',
  'videoPauseLecture',
  'videoSeekedLecture',
  'videoRateChangeLecture',
  'videoProgressLecture',
] as const;
export type PlaybackAction = (typeof PLAYBACK_ACTIONS)[number];

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

/**
 * One row per student of `courseIds` with an event on the video, from the rollup (anonymous viewers have no
 * name to report). Students are the members of those courses and of their lectures holding the video:
 * a video shared with another course does not show that course's viewers (issue 12, item 10).
 */
export async function studentActivity(
  db: DbOrTx,
  videoId: string,
  courseIds: readonly string[],
): Promise<StudentActivityRow[]> {
  if (courseIds.length === 0) return [];
  const courses = sql.join(
    courseIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return selectRows<StudentActivityRow>(
    db,
    sql`
      select r.user_id as "userId", u.name,
        (extract(epoch from r.first_at) * 1000)::float8 as "firstMs",
        (extract(epoch from r.last_at) * 1000)::float8 as "lastMs",
        r.playback_action as "playbackAction",
        (extract(epoch from r.playback_at) * 1000)::float8 as "playbackAtMs",
        r.playback_video_time::float8 as "playbackVideoTime",
        r.rate::float8 as rate
      from usage_video_users r
      join users u on u.id = r.user_id
      where r.video_id = ${videoId}
        and (exists (select 1 from course_members m where m.user_id = r.user_id and m.course_id in (${courses}))
          or exists (
            select 1 from lecture_members m
            join lecture_videos lv on lv.lecture_id = m.lecture_id and lv.video_id = ${videoId}
            join lectures l on l.id = m.lecture_id and l.course_id in (${courses})
            where m.user_id = r.user_id))`,
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

/**
 * The duration's stand-in: the furthest point a signed-in viewer watched to, or a question was asked at.
 * Anonymous reports and bare positions (a seek) do not count, so one anonymous report cannot stretch the
 * chart of a video whose length is unknown (a YouTube video) to the 12-hour cap (issue 20).
 */
export async function furthestKnownPosition(db: DbOrTx, videoId: string): Promise<number> {
  const [row] = await selectRows<{ furthest: number | null }>(
    db,
    sql`
      select greatest(
        (select max(watched[cardinality(watched)]) from usage_video_users where video_id = ${videoId}),
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

/** See watchProgress().watchedShare: watched seconds, clipped to each video's duration, over their sum. */
export async function watchedShareOfLecture(
  db: DbOrTx,
  lectureId: string,
  userId: string,
): Promise<number | null> {
  const [row] = await selectRows<{ share: number | null }>(
    db,
    sql`
      select (sum(coalesce((
          select sum(upper(r) - lower(r))
          from unnest(usage_pairs_to_ranges(u.watched) * nummultirange(numrange(0, v.duration_seconds::numeric))) r
        ), 0)) / sum(v.duration_seconds))::float8 as share
      from lecture_videos lv
      join videos v on v.id = lv.video_id and v.duration_seconds > 0
      left join usage_video_users u on u.video_id = lv.video_id and u.user_id = ${userId}
      where lv.lecture_id = ${lectureId}`,
  );
  return row?.share ?? null;
}

/** The signed-in viewers who reported progress on any of the lecture's videos. */
export async function viewersOfLecture(db: DbOrTx, lectureId: string): Promise<string[]> {
  const rows = await selectRows<{ userId: string }>(
    db,
    sql`
      select distinct u.user_id as "userId"
      from lecture_videos lv join usage_video_users u on u.video_id = lv.video_id
      where lv.lecture_id = ${lectureId} and cardinality(u.watched) > 0`,
  );
  return rows.map((r) => r.userId);
}
