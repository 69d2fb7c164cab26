import { formatCueTime } from './cue-time';
import type { Cue } from './types';

/** A WebVTT file for the cues (numbered identifiers, no settings). */
export function toWebVtt(cues: Cue[]): string {
  const blocks = cues.map(
    (c, i) => `${i + 1}\n${formatCueTime(c.start)} --> ${formatCueTime(c.end)}\n${c.text}`,
  );
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  lrm: '\u200e',
  rlm: '\u200f',
};

/** A cue's words without markup (`<v Ana>`, `<i>`, timestamps, entities): the transcript and search text. */
export function cuePlainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** SRT text as a WebVTT payload: `{\an8}`-style override tags dropped, bare `&` and `<` escaped. */
export function srtTextToVtt(text: string): string {
  return text
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&(?![a-zA-Z]+;|#\d+;)/g, '&amp;')
    .replace(/<(?!\/?(?:b|i|u|v|c|lang|ruby|rt)\b)/g, '&lt;');
}
