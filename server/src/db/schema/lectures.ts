import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';
import { videos } from './videos';

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const lectures = pgTable(
  'lectures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    topic: text('topic').notNull().default(''),
    lectureDate: instant('lecture_date').notNull(),
    lectureDateAvailable: instant('lecture_date_available').notNull(),
    lectureDateStart: instant('lecture_date_start').notNull(),
    lectureDateEnd: instant('lecture_date_end').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('lectures_course_idx').on(t.courseId, t.lectureDate)],
);

/** Students who joined a single lecture rather than its course. */
export const lectureMembers = pgTable(
  'lecture_members',
  {
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lectureId, t.userId] }), index('lecture_members_user_idx').on(t.userId)],
);

/** A lecture's playlist. One video may sit in several lectures (concurrent duplicates, "Where used"). */
export const lectureVideos = pgTable(
  'lecture_videos',
  {
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lectureId, t.videoId] }), index('lecture_videos_video_idx').on(t.videoId)],
);
