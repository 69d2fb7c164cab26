import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { lectures } from './lectures';
import { users } from './users';
import { VIDEO_STATUSES, mediaFiles, videos } from './videos';

/**
 * An answer: a video, a text, or both (issue 24). A video being processed has no media yet and is no
 * question's response (issue 9); a text-only answer never has media.
 */
export const responses = pgTable('responses', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().default(''),
  mediaSha256: text('media_sha256').references(() => mediaFiles.sha256),
  /** The answer in words: its Markdown source, and the HTML rendered and sanitised from it (answer-text/). */
  text: text('text'),
  textHtml: text('text_html'),
  /** When the text was last changed after it was first written; null if never. */
  textEditedAt: timestamp('text_edited_at', { withTimezone: true }),
  /**
   * The text's English stems, kept for question suggestions (features/suggestions/matcher.ts), which
   * compare them with every candidate's answer on every request; null without a text.
   */
  textStems: text('text_stems')
    .array()
    .generatedAlwaysAs(sql`tsvector_to_array(to_tsvector('english'::regconfig, text))`),
  status: text('status', { enum: VIDEO_STATUSES }).notNull().default('ready'),
  /** Why its video's processing failed (status `failed`), as its admins are shown it; null otherwise. */
  failureReason: text('failure_reason'),
  posterId: uuid('poster_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bytes as PostgreSQL keeps them: a Buffer from node-postgres, a Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/** Questions belong to a video, so concurrent lectures sharing the video share them (DESIGN §4). */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    lectureId: uuid('lecture_id').references(() => lectures.id, { onDelete: 'set null' }),
    askerId: uuid('asker_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    topic: text('topic').notNull().default(''),
    level: integer('level').notNull().default(1),
    timeAsked: real('time_asked').notNull(),
    timePosted: timestamp('time_posted', { withTimezone: true }).notNull().defaultNow(),
    live: boolean('live').notNull().default(false),
    status: text('status', { enum: ['live', 'processing'] }),
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'set null' }),
    /** The answer being processed (status `processing`); it becomes `responseId` once ready. */
    pendingResponseId: uuid('pending_response_id').references(() => responses.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Asked "anonymously to classmates" (issue 24): a wish the course's admins see beside the asker's name. */
    anonymous: boolean('anonymous').notNull().default(false),
    /** Hidden by an admin of its course (issue 24, flags): its asker and the course's admins still see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * The question's English stems, sorted, as text (`'cell' 'differ'`): what suggestions compare by
     * trigrams (features/suggestions/matcher.ts). Kept, so that a candidate's check reads it instead of
     * parsing the question again; on the words alone, "what is the difference between" in every question
     * no longer makes every question a trigram candidate.
     */
    questionStems: text('question_stems').generatedAlwaysAs(
      sql`strip(to_tsvector('english'::regconfig, question))::text`,
    ),
    /**
     * The question's meaning as the sentence encoder reads it (features/suggestions/sentence-meaning.ts),
     * written with its text; null until then (a question from before the encoder, or written while it
     * could not load: the suggestions plugin's backfill fills it in).
     */
    meaning: bytea('meaning'),
  },
  (t) => [
    index('questions_video_idx').on(t.videoId, t.timeAsked),
    index('questions_asker_idx').on(t.askerId),
    index('questions_response_idx').on(t.responseId),
    // The bounded instructor lists (issue 14) reach a video's unanswered or answered questions directly,
    // however many of the other kind the video has.
    index('questions_unanswered_idx')
      .on(t.videoId, t.timePosted)
      .where(sql`${t.responseId} is null`),
    index('questions_answered_idx')
      .on(t.videoId, t.timeAsked)
      .where(sql`${t.responseId} is not null`),
    // Course search over answered questions (captions feature): the same `simple` configuration as cues.
    index('questions_search_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.question})`),
    // Suggestions while typing (issue 24, features/suggestions): candidates are found by the trigrams of
    // their stems (typos, word forms) or by shared English stems (the same words in another order),
    // answered questions only.
    index('questions_answered_stems_trgm_idx')
      .using('gin', t.questionStems.op('gin_trgm_ops'))
      .where(sql`${t.responseId} is not null`),
    index('questions_answered_english_idx')
      .using('gin', sql`to_tsvector('english'::regconfig, ${t.question})`)
      .where(sql`${t.responseId} is not null`),
  ],
);

export const questionVotes = pgTable(
  'question_votes',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: ['UP', 'DOWN'] }).notNull(),
  },
  // One vote per user and question, even under concurrent requests (DESIGN §5.6).
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/**
 * "This answers my question" (issue 24): a student took a suggested answered question as theirs and did
 * not ask. Once per student and question, so a count is of students helped.
 */
export const suggestionAcceptances = pgTable(
  'suggestion_acceptances',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);
