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
// usage_events keeps them current in the inserting transaction; the functions behind it are in migration
// 0009_usage_rollups (see docs/decisions.md, "Usage reports from rollups").

/** Per video: the furthest position any event reported, the duration's stand-in when none is stored. */
export const usageVideos = pgTable('usage_videos', {
  videoId: uuid('video_id').primaryKey(),
  furthestPosition: real('furthest_position'),
});

/**
 * Per (video, signed-in user). Student activity: first and last event, latest playback event, latest rate.
 * Engagement: the user's watched and re-watched positions as merged [start, end) pairs (unclipped by the
 * duration, which may change), and the latest playback event (the tail), whose span is still open.
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
    tailEventId: bigint('tail_event_id', { mode: 'number' }),
    tailAt: timestamp('tail_at', { withTimezone: true }),
    tailAction: text('tail_action'),
    tailPosition: doublePrecision('tail_position'),
    tailRate: doublePrecision('tail_rate'),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] })],
);
