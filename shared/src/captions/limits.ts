// Limits on caption files (SECURITY VAL-1: every input has a size). A 3-hour lecture's WebVTT is ~300 KB.
export const CAPTION_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxCues: 20_000,
  maxCueChars: 1000,
  /** A cue may end this much after the video's recorded duration (durations are rounded by encoders). */
  endToleranceSeconds: 0.5,
} as const;
