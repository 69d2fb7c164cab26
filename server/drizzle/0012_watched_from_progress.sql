ALTER TABLE "usage_events" ADD COLUMN "from_time" real;--> statement-breakpoint
ALTER TABLE "usage_video_users" DROP COLUMN "tail_event_id";--> statement-breakpoint
ALTER TABLE "usage_video_users" DROP COLUMN "tail_at";--> statement-breakpoint
ALTER TABLE "usage_video_users" DROP COLUMN "tail_action";--> statement-breakpoint
ALTER TABLE "usage_video_users" DROP COLUMN "tail_position";--> statement-breakpoint
ALTER TABLE "usage_video_users" DROP COLUMN "tail_rate";--> statement-breakpoint
-- Watched positions come only from the watch page's progress reports (videoProgressLecture): each names
-- the stretch [from_time, video_time) the player played through, so no span is inferred from the time
-- between events, a seek is a jump and a closed tab stops counting at its last report. Watched is the
-- union of a user's stretches, re-watched what two or more of them cover; both are order-independent, so
-- a report that arrives late changes nothing. The coverage kept so far (from the inferred spans of
-- 0011_usage_rollups) stays as it is.
CREATE FUNCTION usage_pairs_to_ranges(p_pairs double precision[]) RETURNS nummultirange
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(range_agg(numrange(p_pairs[2 * i - 1]::numeric, p_pairs[2 * i]::numeric)), '{}'::nummultirange)
  FROM generate_series(1, cardinality(p_pairs) / 2) AS i
$$;
--> statement-breakpoint
CREATE FUNCTION usage_ranges_to_pairs(p_ranges nummultirange) RETURNS double precision[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(x ORDER BY lower(r), k), '{}')
  FROM unnest(p_ranges) AS r, unnest(ARRAY[lower(r)::float8, upper(r)::float8]) WITH ORDINALITY AS u(x, k)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION usage_rollups_apply(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  playback text[] := ARRAY['videoPlayLecture', 'videoPauseLecture', 'videoSeekedLecture', 'videoRateChangeLecture',
    'videoProgressLecture'];
BEGIN
  INSERT INTO usage_videos AS v (video_id, furthest_position)
  SELECT video_id, max(video_time) FROM usage_events
  WHERE id = ANY(p_ids) AND video_id IS NOT NULL AND video_time IS NOT NULL
  GROUP BY video_id ORDER BY video_id
  ON CONFLICT (video_id) DO UPDATE SET furthest_position = greatest(v.furthest_position, excluded.furthest_position);

  -- Rows are locked in one order (video, then (video, user)) so concurrent batches wait, not deadlock.
  WITH b AS (SELECT * FROM usage_events WHERE id = ANY(p_ids) AND video_id IS NOT NULL AND user_id IS NOT NULL),
  a AS (SELECT video_id, user_id, min(created_at) AS first_at, max(created_at) AS last_at FROM b GROUP BY video_id, user_id),
  lp AS (
    SELECT DISTINCT ON (video_id, user_id) video_id, user_id, action, created_at, id, video_time
    FROM b WHERE action = ANY(playback) ORDER BY video_id, user_id, created_at DESC, id DESC
  ),
  lr AS (
    SELECT DISTINCT ON (video_id, user_id) video_id, user_id, rate, created_at, id
    FROM b WHERE rate IS NOT NULL ORDER BY video_id, user_id, created_at DESC, id DESC
  )
  INSERT INTO usage_video_users AS u (video_id, user_id, first_at, last_at, playback_action, playback_at,
    playback_event_id, playback_video_time, rate, rate_at, rate_event_id)
  SELECT a.video_id, a.user_id, a.first_at, a.last_at, lp.action, lp.created_at, lp.id, lp.video_time,
    lr.rate, lr.created_at, lr.id
  FROM a LEFT JOIN lp USING (video_id, user_id) LEFT JOIN lr USING (video_id, user_id)
  ORDER BY a.video_id, a.user_id
  ON CONFLICT (video_id, user_id) DO UPDATE SET
    first_at = least(u.first_at, excluded.first_at),
    last_at = greatest(u.last_at, excluded.last_at),
    playback_action = CASE WHEN u.playback_at IS NULL OR (excluded.playback_at, excluded.playback_event_id) > (u.playback_at, u.playback_event_id) THEN coalesce(excluded.playback_action, u.playback_action) ELSE u.playback_action END,
    playback_video_time = CASE WHEN u.playback_at IS NULL OR (excluded.playback_at, excluded.playback_event_id) > (u.playback_at, u.playback_event_id) THEN CASE WHEN excluded.playback_at IS NULL THEN u.playback_video_time ELSE excluded.playback_video_time END ELSE u.playback_video_time END,
    playback_event_id = CASE WHEN u.playback_at IS NULL OR (excluded.playback_at, excluded.playback_event_id) > (u.playback_at, u.playback_event_id) THEN coalesce(excluded.playback_event_id, u.playback_event_id) ELSE u.playback_event_id END,
    playback_at = CASE WHEN u.playback_at IS NULL OR (excluded.playback_at, excluded.playback_event_id) > (u.playback_at, u.playback_event_id) THEN coalesce(excluded.playback_at, u.playback_at) ELSE u.playback_at END,
    rate = CASE WHEN u.rate_at IS NULL OR (excluded.rate_at, excluded.rate_event_id) > (u.rate_at, u.rate_event_id) THEN coalesce(excluded.rate, u.rate) ELSE u.rate END,
    rate_event_id = CASE WHEN u.rate_at IS NULL OR (excluded.rate_at, excluded.rate_event_id) > (u.rate_at, u.rate_event_id) THEN coalesce(excluded.rate_event_id, u.rate_event_id) ELSE u.rate_event_id END,
    rate_at = CASE WHEN u.rate_at IS NULL OR (excluded.rate_at, excluded.rate_event_id) > (u.rate_at, u.rate_event_id) THEN coalesce(excluded.rate_at, u.rate_at) ELSE u.rate_at END;

  -- A point is re-watched once two stretches cover it: it was already re-watched, or already watched and
  -- in a new stretch, or in two of the new ones.
  WITH stretches AS (
    SELECT video_id, user_id, id, numrange(from_time::float8::numeric, video_time::float8::numeric) AS r FROM usage_events
    WHERE id = ANY(p_ids) AND action = 'videoProgressLecture' AND video_id IS NOT NULL AND user_id IS NOT NULL
      AND from_time < video_time
  ),
  added AS (SELECT video_id, user_id, range_agg(r) AS r FROM stretches GROUP BY video_id, user_id),
  twice AS (
    SELECT x.video_id, x.user_id, range_agg(x.r * y.r) AS r
    FROM stretches x JOIN stretches y ON y.video_id = x.video_id AND y.user_id = x.user_id AND y.id > x.id AND x.r && y.r
    GROUP BY x.video_id, x.user_id
  )
  UPDATE usage_video_users AS u SET
    rewatched = usage_ranges_to_pairs(usage_pairs_to_ranges(u.rewatched) + (usage_pairs_to_ranges(u.watched) * n.r)
      + coalesce(t.r, '{}'::nummultirange)),
    watched = usage_ranges_to_pairs(usage_pairs_to_ranges(u.watched) + n.r)
  FROM added n LEFT JOIN twice t USING (video_id, user_id)
  WHERE u.video_id = n.video_id AND u.user_id = n.user_id;
END $$;
