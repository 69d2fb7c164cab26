// Wire contracts of the captions feature (issue 13): caption tracks of lecture videos and answer videos,
// their cues, and the course search over transcripts and answered questions.
import { z } from 'zod';
import { CAPTION_LIMITS } from '../captions/limits';
import { Id } from './common';
import { AUTO_CAPTION_STATES, CAPTION_OWNERS } from '../wire';

export type CaptionOwner = (typeof CAPTION_OWNERS)[number];

/** A BCP 47 language tag such as `en`, `de` or `pt-BR` (the `srclang` of a <track>). */
export const CaptionLanguage = z
  .string()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/, 'Use a language code such as en, de or pt-BR');

export const CaptionLabel = z.string().trim().min(1, 'Give the track a label, such as English').max(100);

export const CaptionOwnerParams = z.strictObject({ owner: z.enum(CAPTION_OWNERS), ownerId: Id });
export const CaptionTrackParams = CaptionOwnerParams.extend({ language: CaptionLanguage });
export type CaptionTrackParams = z.infer<typeof CaptionTrackParams>;

/** Query of PUT /api/captions/:owner/:ownerId/:language (the body is the raw WebVTT or SRT file). */
export const CaptionUploadQuery = z.strictObject({ label: CaptionLabel });

export const CueSchema = z.strictObject({
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string().max(CAPTION_LIMITS.maxCueChars),
});

/** POST /api/captions/:owner/:ownerId/:language/versions: the editor's cue list as a new version. */
export const SaveCaptionVersionBody = z.strictObject({
  label: CaptionLabel.optional(),
  cues: z.array(CueSchema).min(1, 'Keep at least one cue').max(CAPTION_LIMITS.maxCues),
});
export type SaveCaptionVersionBody = z.infer<typeof SaveCaptionVersionBody>;

export const CaptionTrackDto = z.object({
  id: z.string(),
  owner: z.enum(CAPTION_OWNERS),
  ownerId: z.string(),
  language: z.string(),
  label: z.string(),
  /** 1 for the first upload, +1 for every replacement or editor save. */
  version: z.number(),
  /** sha256 of the current WebVTT file (content-addressed). */
  sha256: z.string(),
  cueCount: z.number(),
  updatedAt: z.string(),
  /** Who made the current version: `upload`, `editor`, or `speech-to-text:<engine>` (automatic). */
  source: z.string(),
});
export type CaptionTrackDto = z.infer<typeof CaptionTrackDto>;

export const CaptionCueDto = z.object({
  start: z.number(),
  end: z.number(),
  /** The cue payload as in the WebVTT file (may hold markup such as <i>). */
  text: z.string(),
  /** The words alone, for the transcript. */
  plainText: z.string(),
});
export type CaptionCueDto = z.infer<typeof CaptionCueDto>;

export const CaptionTrackWithCuesDto = z.object({ track: CaptionTrackDto, cues: z.array(CaptionCueDto) });
export type CaptionTrackWithCuesDto = z.infer<typeof CaptionTrackWithCuesDto>;

export const CourseSearchQuery = z.strictObject({
  q: z.string().trim().min(2, 'Type at least two letters').max(200),
});

export const SEARCH_HIT_KINDS = ['transcript', 'answer', 'question'] as const;
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number];

/** A piece of a hit's text; `match` marks the words that matched the query. */
export const SnippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

/**
 * One search hit. `transcript`: a lecture video's caption at `time`; `answer`: an answer video's caption
 * at `time` into the answer; `question`: an answered question asked at `time`. `videoId` and `time` say
 * where the lecture video opens (for answers: the moment the question was asked).
 */
export const SearchHitDto = z.object({
  kind: z.enum(SEARCH_HIT_KINDS),
  lectureId: z.string(),
  lectureTitle: z.string(),
  videoId: z.string(),
  videoTitle: z.string(),
  time: z.number(),
  questionId: z.string().nullable(),
  responseId: z.string().nullable(),
  /** For `answer` hits: seconds into the answer video. */
  answerTime: z.number().nullable(),
  snippet: z.array(SnippetPart),
  matchedWords: z.array(z.string()),
});
export type SearchHitDto = z.infer<typeof SearchHitDto>;

/** GET /api/captions/:owner/:ownerId/automatic (its admins only): the automatic captions' state (issue 25). */
export const AutoCaptionsDto = z.object({
  state: z.enum(AUTO_CAPTION_STATES),
  /** 0–100 while transcribing, else null. */
  progress: z.number().nullable(),
  /** Why it failed or is unavailable; null otherwise. */
  reason: z.string().nullable(),
  /** The engine's name, as the page shows it; null when none is configured. */
  engine: z.string().nullable(),
  /** False when automatic captions are turned off here (AUTO_CAPTIONS=off): nothing can be asked. */
  enabled: z.boolean(),
  /** True when an editor save of this lecture video's corrected captions adapts the engine to the course's voice. */
  adaptsToCourse: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AutoCaptionsDto = z.infer<typeof AutoCaptionsDto>;
