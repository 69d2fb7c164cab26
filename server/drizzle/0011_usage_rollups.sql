CREATE TABLE "usage_video_users" (
	"video_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"playback_action" text,
	"playback_at" timestamp with time zone,
	"playback_event_id" bigint,
	"playback_video_time" real,
	"rate" real,
	"rate_at" timestamp with time zone,
	"rate_event_id" bigint,
	"watched" double precision[] DEFAULT '{}' NOT NULL,
	"rewatched" double precision[] DEFAULT '{}' NOT NULL,
	"tail_event_id" bigint,
	"tail_at" timestamp with time zone,
	"tail_action" text,
	"tail_position" double precision,
	"tail_rate" double precision,
	CONSTRAINT "usage_video_users_video_id_user_id_pk" PRIMARY KEY("video_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "usage_videos" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"furthest_position" real
);
--> statement-breakpoint
CREATE INDEX "usage_events_video_user_idx" ON "usage_events" USING btree ("video_id","user_id","created_at","id");--> statement-breakpoint
-- Keeps the rollups current with the events in p_ids, in three set-based statements whatever the batch size.
-- Commutative parts (first, last, latest playback, latest rate) merge whatever the order. The watched spans
-- are inferred from each user's playback events in (created_at, id) order, as engagement.repository.ts
-- describes: events after the stored tail continue from it; an event that sorts before the tail (a request
-- that took its time) makes that user's spans be recomputed from all their events on the video. Rows are
-- locked in one order (video, then (video, user)) so concurrent batches wait for each other, not deadlock.
CREATE FUNCTION usage_rollups_apply(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  playback text[] := ARRAY['videoPlayLecture', 'videoPauseLecture', 'videoSeekedLecture', 'videoRateChangeLecture'];
BEGIN
  INSERT INTO usage_videos AS v (video_id, furthest_position)
  SELECT video_id, max(video_time) FROM usage_events
  WHERE id = ANY(p_ids) AND video_id IS NOT NULL AND video_time IS NOT NULL
  GROUP BY video_id ORDER BY video_id
  ON CONFLICT (video_id) DO UPDATE SET furthest_position = greatest(v.furthest_position, excluded.furthest_position);

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

  WITH fresh AS (
    SELECT video_id, user_id, created_at, id FROM usage_events
    WHERE id = ANY(p_ids) AND video_id IS NOT NULL AND user_id IS NOT NULL AND video_time IS NOT NULL
      AND action = ANY(playback)
  ),
  pairs AS (
    SELECT r.video_id, r.user_id, r.watched, r.rewatched, r.tail_event_id, r.tail_at, r.tail_action,
      r.tail_position, r.tail_rate,
      bool_or(r.tail_event_id IS NOT NULL AND (f.created_at, f.id) < (r.tail_at, r.tail_event_id)) AS reset
    FROM usage_video_users r JOIN fresh f ON f.video_id = r.video_id AND f.user_id = r.user_id
    GROUP BY r.video_id, r.user_id
  ),
  ev AS (
    -- The tail carries the rate in effect, so the events after it start from that rate.
    SELECT video_id, user_id, tail_event_id AS id, tail_action AS action, tail_position AS pos, tail_at AS t,
      tail_rate AS rate
    FROM pairs WHERE NOT reset AND tail_event_id IS NOT NULL
    UNION ALL
    SELECT e.video_id, e.user_id, e.id, e.action, e.video_time::float8, e.created_at, e.rate::float8
    FROM pairs p JOIN usage_events e ON e.video_id = p.video_id AND e.user_id = p.user_id
    WHERE e.video_time IS NOT NULL AND e.action = ANY(playback)
      AND (p.reset OR p.tail_event_id IS NULL OR (e.created_at, e.id) > (p.tail_at, p.tail_event_id))
  ),
  grouped AS (
    SELECT *, count(rate) OVER (PARTITION BY video_id, user_id ORDER BY t, id) AS rate_group FROM ev
  ),
  stepped AS (
    SELECT video_id, user_id, id, action, pos, t,
      -- The latest rate chosen so far (the first row of its rate group carries it), else 1.
      coalesce(first_value(rate) OVER (PARTITION BY video_id, user_id, rate_group ORDER BY t, id), 1)::float8 AS rate,
      lead(action) OVER w AS next_action,
      lead(pos) OVER w AS next_pos,
      greatest(extract(epoch FROM (lead(t) OVER w - t))::float8, 0) AS elapsed
    FROM grouped
    WINDOW w AS (PARTITION BY video_id, user_id ORDER BY t, id)
  ),
  reached AS (
    SELECT video_id, user_id, id, action, pos, t, rate, CASE
      WHEN action = 'videoPauseLecture' THEN pos
      WHEN next_action IS NULL THEN NULL
      WHEN next_action <> 'videoSeekedLecture' AND next_pos >= pos THEN least(next_pos, pos + elapsed * rate + 1)
      ELSE pos + elapsed * rate
    END AS reached
    FROM stepped
  ),
  marked AS (
    SELECT *,
      lag(reached) OVER (PARTITION BY video_id, user_id ORDER BY t, id) AS previous,
      row_number() OVER (PARTITION BY video_id, user_id ORDER BY t DESC, id DESC) AS from_end
    FROM reached
  ),
  spans AS (
    SELECT video_id, user_id, 'w' AS kind, pos AS s, reached AS e
    FROM marked WHERE action <> 'videoPauseLecture' AND reached > pos
    UNION ALL
    SELECT video_id, user_id, 'r', pos, previous FROM marked WHERE action = 'videoSeekedLecture' AND previous > pos
    UNION ALL
    SELECT p.video_id, p.user_id, 'w', p.watched[2 * i - 1], p.watched[2 * i]
    FROM pairs p, generate_series(1, cardinality(p.watched) / 2) AS i WHERE NOT p.reset
    UNION ALL
    SELECT p.video_id, p.user_id, 'r', p.rewatched[2 * i - 1], p.rewatched[2 * i]
    FROM pairs p, generate_series(1, cardinality(p.rewatched) / 2) AS i WHERE NOT p.reset
  ),
  ordered AS (
    SELECT video_id, user_id, kind, s, e,
      max(e) OVER (PARTITION BY video_id, user_id, kind ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
    FROM spans
  ),
  islands AS (
    SELECT video_id, user_id, kind, s, e,
      count(*) FILTER (WHERE reach IS NULL OR s > reach)
        OVER (PARTITION BY video_id, user_id, kind ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS island
    FROM ordered
  ),
  merged AS (
    SELECT video_id, user_id, kind, min(s) AS s, max(e) AS e FROM islands GROUP BY video_id, user_id, kind, island
  ),
  intervals AS (
    SELECT video_id, user_id,
      array_agg(x ORDER BY m.s, k) FILTER (WHERE kind = 'w') AS watched,
      array_agg(x ORDER BY m.s, k) FILTER (WHERE kind = 'r') AS rewatched
    FROM merged m, unnest(ARRAY[m.s, m.e]) WITH ORDINALITY AS u(x, k)
    GROUP BY video_id, user_id
  ),
  tail AS (SELECT video_id, user_id, id, t, action, pos, rate FROM marked WHERE from_end = 1)
  UPDATE usage_video_users AS u SET
    watched = coalesce(i.watched, '{}'),
    rewatched = coalesce(i.rewatched, '{}'),
    tail_event_id = t.id,
    tail_at = t.t,
    tail_action = t.action,
    tail_position = t.pos,
    tail_rate = t.rate
  FROM pairs p LEFT JOIN intervals i USING (video_id, user_id) LEFT JOIN tail t USING (video_id, user_id)
  WHERE u.video_id = p.video_id AND u.user_id = p.user_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION usage_events_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM usage_rollups_apply(ARRAY(SELECT id FROM new_events));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_events_rollup AFTER INSERT ON usage_events
REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION usage_events_rollup();
--> statement-breakpoint
-- Backfill: the events logged before this migration, as one batch.
SELECT usage_rollups_apply(ARRAY(SELECT id FROM usage_events));
