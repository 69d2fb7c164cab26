import type { Cue } from '@lectern/shared';
import type { HeardWord } from './engine';

// Cues a viewer can read along with (issue 25): at most two lines, about 7 s, split where the speaker
// pauses. The numbers follow common captioning guidance (BBC, Netflix: ~42 characters a line, two lines,
// up to ~7 s on screen).

export const CUE_SHAPE = {
  maxSeconds: 7,
  lineChars: 42,
  maxLines: 2,
  /** A silence this long ends a cue even when it has room left: the next one starts with the speech. */
  pauseSeconds: 0.6,
} as const;

/** Breaks words into at most `maxLines` lines of about `lineChars`; returns null when they do not fit. */
function asLines(words: string[], lineChars: number, maxLines: number): string | null {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= lineChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= maxLines ? lines.join('\n') : null;
}

/** Groups heard words, in time order, into caption cues. */
export function cuesFromWords(words: HeardWord[], shape = CUE_SHAPE): Cue[] {
  const cues: Cue[] = [];
  let current: HeardWord[] = [];
  const close = () => {
    if (!current.length) return;
    const text = asLines(
      current.map((w) => w.text),
      shape.lineChars,
      shape.maxLines,
    );
    cues.push({
      start: current[0]!.start,
      end: current.at(-1)!.end,
      text: text ?? current.map((w) => w.text).join(' '),
    });
    current = [];
  };
  for (const word of words) {
    const previous = current.at(-1);
    const fits =
      previous !== undefined &&
      word.start - previous.end < shape.pauseSeconds &&
      word.end - current[0]!.start <= shape.maxSeconds &&
      asLines(
        [...current, word].map((w) => w.text),
        shape.lineChars,
        shape.maxLines,
      ) !== null;
    if (!fits) close();
    current.push(word);
  }
  close();
  return cues;
}
