import { bigserial, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only log of `POST /api/logging/log`: account actions and the watch page's usage events (SPEC §3).
 * No foreign keys: the log outlives what it mentions and must stay cheap to append to.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    videoId: uuid('video_id'),
    courseId: uuid('course_id'),
    lectureId: uuid('lecture_id'),
    questionId: uuid('question_id'),
    videoTime: real('video_time'),
    /** videoProgressLecture only: where the stretch it reports began (it ends at video_time). */
    fromTime: real('from_time'),
    rate: real('rate'),
    pageUrl: text('page_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usage_events_video_idx').on(t.videoId, t.createdAt),
    index('usage_events_lecture_idx').on(t.lectureId, t.createdAt),
    // One user's events on a video in order: what keeps the rollups current (usage_rollups_apply).
    index('usage_events_video_user_idx').on(t.videoId, t.userId, t.createdAt, t.id),
  ],
);
