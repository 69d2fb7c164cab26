import { bigint, boolean, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Stored media, named by the sha256 of its bytes so copies share one file (DESIGN §4). */
export const mediaFiles = pgTable('media_files', {
  sha256: text('sha256').primaryKey(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  durationSeconds: real('duration_seconds'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A video is `ready` to watch, or still being converted, or failed with a reason (issue 9). */
export const VIDEO_STATUSES = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    sourceType: text('source_type', { enum: ['localFile', 'youtubeLink'] }).notNull(),
    mediaSha256: text('media_sha256').references(() => mediaFiles.sha256),
    youtubeUrl: text('youtube_url'),
    durationSeconds: real('duration_seconds'),
    status: text('status', { enum: VIDEO_STATUSES }).notNull().default('ready'),
    /** While processing: whole percent from ffmpeg's progress, null until known. */
    progress: integer('progress'),
    /** When failed: why, in words the instructor can act on. */
    failureReason: text('failure_reason'),
    /** A poster JPEG is stored beside the media file. */
    hasPoster: boolean('has_poster').notNull().default(false),
    /** Who uploaded the file: its bytes count against their storage quota (issue 12, item 8). */
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('videos_uploader_idx').on(t.uploaderId)],
);

/** A video row as stored; the videos feature maps it for the wire. */
export type VideoRow = typeof videos.$inferSelect;
