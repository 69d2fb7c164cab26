import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { EngagementOptions, EngagementRow } from './engagement.repository';
import { PLAYBACK_ACTIONS, type StudentActivityRow, selectRows } from './usage.repository';

// The usage reports as they were computed from the raw event log before the rollups (issue 14): the
// reference the rollup-based reports must match exactly. Test-only.

const playbackActionList = (): SQL =>
  sql.join(
    PLAYBACK_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  );

export async function rawEngagementBins(
  db: DbOrTx,
  videoId: string,
  options: EngagementOptions,
): Promise<EngagementRow[]> {
  return selectRows<EngagementRow>(db, engagementQuery(videoId, options));
}

function engagementQuery(videoId: string, options: EngagementOptions) {
  const bin = sql`${options.binSeconds}::float8`;
  const duration = sql`${options.durationSeconds}::float8`;
  const lastBin = sql`${options.binCount - 1}::int`;
  const binsOf = (start: SQL, end: SQL) =>
    sql`generate_series(floor(${start} / ${bin})::int, ceil(least(${end}, ${duration}) / ${bin})::int - 1)`;
  return sql`
      with stretch as (
        select id, user_id, from_time::float8 as s, video_time::float8 as e
        from usage_events
        where video_id = ${videoId} and user_id is not null and action = 'videoProgressLecture'
          and from_time < video_time
      ),
      twice as (
        select x.user_id, greatest(x.s, y.s) as s, least(x.e, y.e) as e
        from stretch x join stretch y on y.user_id = x.user_id and y.id > x.id and greatest(x.s, y.s) < least(x.e, y.e)
      ),
      watched as (
        select k, count(distinct user_id)::int as n from stretch, ${binsOf(sql`s`, sql`e`)} as k
        where least(e, ${duration}) > s group by k
      ),
      rewatched as (
        select k, count(distinct user_id)::int as n from twice, ${binsOf(sql`s`, sql`e`)} as k
        where least(e, ${duration}) > s group by k
      ),
      asked as (
        select least(greatest(floor(time_asked / ${bin})::int, 0), ${lastBin}) as k, count(*)::int as n
        from questions
        where video_id = ${videoId}
        group by 1
      )
      select b.k, coalesce(w.n, 0) as watched, coalesce(r.n, 0) as rewatched, coalesce(a.n, 0) as questions
      from generate_series(0, ${lastBin}) as b(k)
      left join watched w on w.k = b.k
      left join rewatched r on r.k = b.k
      left join asked a on a.k = b.k
      order by b.k`;
}

/** One row per signed-in user with an event on the video (anonymous viewers have no name to report). */
export async function rawStudentActivity(db: DbOrTx, videoId: string): Promise<StudentActivityRow[]> {
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

/** The furthest point a signed-in viewer's progress reports reached, or a question was asked at. */
export async function rawFurthestKnownPosition(db: DbOrTx, videoId: string): Promise<number> {
  const [row] = await selectRows<{ furthest: number | null }>(
    db,
    sql`
      select greatest(
        (select max(video_time) from usage_events where video_id = ${videoId} and user_id is not null
          and action = 'videoProgressLecture' and from_time < video_time),
        (select max(time_asked) from questions where video_id = ${videoId})
      )::float8 as furthest`,
  );
  return row?.furthest ?? 0;
}
