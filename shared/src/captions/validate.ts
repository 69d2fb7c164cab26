import { formatCueTime } from './cue-time';
import { CAPTION_LIMITS } from './limits';
import type { CaptionProblem, Cue } from './types';

/** A cue and where it came from, for messages: `Line 12` in a file, `Cue 3` in the editor. */
export interface PlacedCue {
  cue: Cue;
  line: number;
  where: string;
}

/** What the text of a cue may not hold: a blank line ends a cue, and `-->` starts a timing line. */
export function cueTextProblem(text: string): string | null {
  if (text.trim() === '') return 'the cue has no text';
  if (text.includes('-->')) return 'the cue text may not contain "-->"';
  if (/\n\s*\n/.test(text)) return 'the cue text may not contain an empty line';
  if (text.length > CAPTION_LIMITS.maxCueChars)
    return `the cue text is longer than ${CAPTION_LIMITS.maxCueChars} characters`;
  return null;
}

/**
 * Cues must be in time order, must not overlap (one caption at a time reads best and keeps the transcript a
 * single line of speech), must end after they start and no later than the video (when its length is known).
 */
export function validateCues(placed: PlacedCue[], durationSeconds: number | null): CaptionProblem | null {
  if (placed.length > CAPTION_LIMITS.maxCues)
    return { message: `There are more than ${CAPTION_LIMITS.maxCues} cues` };
  let previous: Cue | null = null;
  for (const { cue, line, where } of placed) {
    const fail = (message: string): CaptionProblem => ({ line, message: `${where}: ${message}` });
    if (!Number.isFinite(cue.start) || !Number.isFinite(cue.end) || cue.start < 0)
      return fail('the cue has an invalid time');
    if (cue.end <= cue.start)
      return fail(`the cue ends (${formatCueTime(cue.end)}) before it starts (${formatCueTime(cue.start)})`);
    if (previous && cue.start < previous.end)
      return fail(
        `the cue starts at ${formatCueTime(cue.start)}, before the previous cue ends (${formatCueTime(previous.end)})`,
      );
    if (durationSeconds !== null && cue.end > durationSeconds + CAPTION_LIMITS.endToleranceSeconds)
      return fail(
        `the cue ends at ${formatCueTime(cue.end)}, after the end of the video (${formatCueTime(durationSeconds)})`,
      );
    const textProblem = cueTextProblem(cue.text);
    if (textProblem) return fail(textProblem);
    previous = cue;
  }
  return null;
}
