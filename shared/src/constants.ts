// Business constants of SPEC §9, in one place for server and web.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const MIN_QUESTION_LENGTH = 11;
export const MAX_QUESTION_LENGTH = 2000; // SECURITY VAL-1
export const MAX_TITLE_LENGTH = 200; // SECURITY VAL-1
export const MAX_DESCRIPTION_LENGTH = 5000;
/** Course members offered at once to pick a new admin from; a name search narrows a longer list. */
export const COURSE_MEMBERS_SHOWN = 20;
export const MIN_PASSWORD_LENGTH = 8; // DESIGN §5.7
export const MAX_PASSWORD_LENGTH = 128; // DESIGN §5.7

export const POLL_MS = {
  dashboard: 30 * SECOND,
  actionItems: 10 * SECOND,
  lectureQuestions: 7 * SECOND,
  videoPage: 60 * SECOND,
  liveWindowCheck: 60 * SECOND,
  activeUsers: 60 * SECOND,
} as const;

/**
 * Pages of the instructor lists (Action Items, Home, course questions; issue 14): `limit` items at most,
 * `defaultLimit` when the caller names none; a next page is announced in the `nextCursorHeader` header.
 */
export const QUESTION_PAGE = { defaultLimit: 50, maxLimit: 100, nextCursorHeader: 'next-cursor' } as const;

export const ANSWERED_RECENTLY_MS = 7 * 24 * 60 * MINUTE;
export const ACTIVE_WINDOWS_MS = {
  activeFiveMinute: 5 * MINUTE,
  activeOneHour: 60 * MINUTE,
  activeOneDay: 24 * 60 * MINUTE,
} as const;

export const PLAYBACK_RATE = { min: 0.5, max: 2, step: 0.1 } as const;
export const SKIP_SECONDS = [-25, -10, 10, 25] as const;

export const CARD_WINDOW = { maxSeconds: 30, startOffsetSeconds: 1, endMarginSeconds: 2 } as const;

export const DATE_DEFAULTS = {
  availableBeforeMs: 30 * MINUTE,
  liveEndAfterMs: 75 * MINUTE,
} as const;

export const LEVELS = [
  { value: 1, label: 'Easy' },
  { value: 2, label: 'Medium' },
  { value: 3, label: 'Hard' },
  { value: 4, label: 'Very Hard' },
  { value: 5, label: 'Extremely Hard' },
] as const;

export const DELAYS_MS = {
  redirectAfterSuccess: SECOND,
  redirectAfterJoin: 800,
  closeAfterSave: SECOND,
  seekPause: 400,
  responseAutoplay: 100,
  uploadStatusClear: 5 * SECOND,
} as const;

export const PLAYER_HEIGHT_PX = 480;
export const TOAST_CLOSE_MS = 5000;
/** What the server converts (MEDIA.notAVideo): the video pickers offer these files and name them. */
export const VIDEO_FILE_ACCEPT =
  'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.m4v,.mov,.webm,.mkv';
export const VIDEO_FILE_KINDS = 'MP4, MOV, WebM or MKV';

export const PASSWORD_RESET_TTL_MS = 60 * MINUTE; // DESIGN §5.7
export const SESSION_IDLE_MS = 24 * 60 * MINUTE;
export const SESSION_MAX_MS = 14 * 24 * 60 * MINUTE;

export const CSV_COLUMNS = ['Student', 'First Activity', 'Last Active'] as const;
export const usageCsvFileName = (videoId: string): string => `usage-${videoId}.csv`;

// Question suggestions (issue 24), here rather than beside their schemas: the watch page reads them, and
// importing from a file of zod schemas would bring zod into its first load.
/** Longest query read: a question box's text; a longer one is refused (400), never scanned. */
export const MAX_SUGGESTION_QUERY = 1000;
/** The box asks for suggestions once this many characters are typed. */
export const SUGGEST_AFTER_CHARS = 12;
/** At most this many suggestions are shown. */
export const MAX_SUGGESTIONS = 3;
/** Waiting questions one read of possible answers covers: a page of Action Items (issue 24). */
export const MAX_POSSIBLE_ANSWERS_BATCH = 50;

// Answers in words (issue 24): Markdown with LaTeX maths and code blocks, rendered on the server.
/** Longest answer text, in characters; a longer one is refused (400) before it is parsed. */
export const MAX_ANSWER_TEXT = 20_000;
/**
 * Deepest nesting of markup (markdown-it's token levels) an answer text may have; deeper is refused (400).
 * A list inside a list adds 2 levels and bold text in an item 3 more, so this allows 10 nested lists.
 */
export const MAX_ANSWER_NESTING = 24;
/** What MAX_ANSWER_NESTING means to a writer. */
export const MAX_NESTED_LISTS = 10;
