import { bigint, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Stored media, named by the sha256 of its bytes so copies share one file (DESIGN §4). */
export const mediaFiles = pgTable('media_files', {
  sha256: text('sha256').primaryKey(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  durationSeconds: real('duration_seconds'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const videos = pgTable('videos', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  sourceType: text('source_type', { enum: ['localFile', 'youtubeLink'] }).notNull(),
  mediaSha256: text('media_sha256').references(() => mediaFiles.sha256),
  youtubeUrl: text('youtube_url'),
  durationSeconds: real('duration_seconds'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
