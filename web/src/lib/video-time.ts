// A moment in a video typed by a person: the m:ss the pages show (SPEC §9), h:mm:ss for long videos, or
// plain seconds. The API keeps seconds.

const CLOCK = /^(?:(\d+):)?(\d+):([0-5]\d(?:\.\d+)?)$/;
const SECONDS = /^\d+(?:\.\d+)?$/;

/** Seconds for "0:42", "1:02:03", "42" or "53.6"; null when the text is none of these. */
export function parseVideoTime(text: string): number | null {
  const trimmed = text.trim();
  if (SECONDS.test(trimmed)) return Number(trimmed);
  const match = CLOCK.exec(trimmed);
  if (!match) return null;
  const [, hours, minutes = '0', seconds = '0'] = match;
  if (hours !== undefined && Number(minutes) > 59) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

export const VIDEO_TIME_HINT = 'Enter the time as m:ss, for example 0:42.';
