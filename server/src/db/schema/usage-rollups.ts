import {
  bigint,
  doublePrecision,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Rollups of usage_events that the usage reports read instead of the raw log (issue 14). A trigger on
// usage_events keeps them current in the inserting transaction; the functions behind it are in migrations
// 0011_usage_rollups, 0012_watched_from_progress and 0016_drop_usage_videos (see docs/decisions.md,
// "Usage reports from rollups" and "Engagement counts what was watched").

/**
 * Per (video, signed-in user). Student activity: first and last event, latest playback event, latest rate.
 * Engagement: the user's watched positions (the union of the stretches their progress reports name) and
 * re-watched ones (covered by two or more of them), as merged [start, end) pairs unclipped by the duration,
 * which may change.
 */
export const usageVideoUsers = pgTable(
  'usage_video_users',
  {
    videoId: uuid('video_id').notNull(),
    userId: uuid('user_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    playbackAction: text('playback_action'),
    playbackAt: timestamp('playback_at', { withTimezone: true }),
    playbackEventId: bigint('playback_event_id', { mode: 'number' }),
    playbackVideoTime: real('playback_video_time'),
    rate: real('rate'),
    rateAt: timestamp('rate_at', { withTimezone: true }),
    rateEventId: bigint('rate_event_id', { mode: 'number' }),
    watched: doublePrecision('watched').array().notNull().default([]),
    rewatched: doublePrecision('rewatched').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] })],
);
