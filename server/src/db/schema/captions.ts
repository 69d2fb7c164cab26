import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { responses } from './questions';
import { users } from './users';
import { videos } from './videos';

const instant = (name: string) => timestamp(name, { withTimezone: true });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * WebVTT files, named by the sha256 of their bytes like media (DESIGN §4), kept in a text column: a few
 * hundred KB at most, and in the database they are backed up, shared by instances and changed in the same
 * transaction as the cues they index (docs/decisions.md, "Caption storage").
 */
export const captionFiles = pgTable('caption_files', {
  sha256: text('sha256').primaryKey(),
  vtt: text('vtt').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** One language of captions for a lecture video or an answer video (exactly one of the two). */
export const captionTracks = pgTable(
  'caption_tracks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    label: text('label').notNull(),
    /**
     * An answer's track: the English stems of its current cues, kept for question suggestions
     * (features/suggestions/matcher.ts) and replaced with the cues (saveVersion); null for a lecture video's.
     */
    stems: text('stems').array(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('caption_tracks_video_lang_idx').on(t.videoId, t.language),
    uniqueIndex('caption_tracks_response_lang_idx').on(t.responseId, t.language),
    check('caption_tracks_one_owner', sql`(${t.videoId} is null) <> (${t.responseId} is null)`),
  ],
);

/** Every upload or editor save of a track; the highest version is the current one. */
export const captionVersions = pgTable(
  'caption_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: uuid('track_id')
      .notNull()
      .references(() => captionTracks.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sha256: text('sha256')
      .notNull()
      .references(() => captionFiles.sha256),
    /** Who made it: `upload`, `editor`, or a caption producer such as speech-to-text. */
    source: text('source').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('caption_versions_track_version_idx').on(t.trackId, t.version)],
);

/**
 * The current version's cues, one row each, for the transcript and full-text search. `search` is derived
 * by PostgreSQL with the `simple` configuration (no stemming or stop words: tracks come in any language
 * and a query does not say which), and GIN-indexed.
 */
export const captionCues = pgTable(
  'caption_cues',
  {
    trackId: uuid('track_id')
      .notNull()
      .references(() => captionTracks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    text: text('text').notNull(),
    plainText: text('plain_text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, plain_text)`),
  },
  (t) => [
    uniqueIndex('caption_cues_track_position_idx').on(t.trackId, t.position),
    index('caption_cues_search_idx').using('gin', t.search),
  ],
);

/**
 * Where the automatic captions of a lecture video or answer video stand (issue 25), one row per video or
 * answer that was ever queued; it goes with its owner (cascade), which is how a running job learns that its
 * video was deleted. `state` is one of AUTO_CAPTION_STATES but `none`; `progress` is 0–100 while
 * transcribing; `reason` says why it failed or is unavailable.
 */
export const autoCaptions = pgTable(
  'auto_captions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    state: text('state').notNull(),
    progress: integer('progress'),
    reason: text('reason'),
    engine: text('engine'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_captions_video_idx').on(t.videoId),
    uniqueIndex('auto_captions_response_idx').on(t.responseId),
    check('auto_captions_one_owner', sql`(${t.videoId} is null) <> (${t.responseId} is null)`),
  ],
);
