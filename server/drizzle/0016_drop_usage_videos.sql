-- usage_videos.furthest_position (the furthest position any event reported, anonymous seeks included) was
-- the engagement chart's length for a video of unknown duration until that became the furthest point a
-- signed-in viewer watched to (docs/decisions.md, "Concurrent copies' questions and usage rows without a
-- video"). Nothing read it since, and it is no truthful figure to show: the rollup stops writing it and the
-- table goes. The function is 0012_watched_from_progress's without its first statement.
CREATE OR REPLACE FUNCTION usage_rollups_apply(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  playback text[] := ARRAY['videoPlayLecture', 'videoPauseLecture', 'videoSeekedLecture', 'videoRateChangeLecture',
    'videoProgressLecture'];
BEGIN
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
--> statement-breakpoint
DROP TABLE "usage_videos";
