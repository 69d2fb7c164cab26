// Cue timestamps. WebVTT writes `hh:mm:ss.ttt` (hours optional), SRT `hh:mm:ss,ttt`.

const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;

/** Seconds for a WebVTT or SRT timestamp; null when it is not one. */
export function parseCueTime(text: string): number | null {
  const match = VTT_TIME.exec(text.trim());
  if (!match) return null;
  const [, hours = '0', minutes, seconds, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

/** `hh:mm:ss.ttt`, the WebVTT form, rounded to the millisecond. */
export function formatCueTime(totalSeconds: number): string {
  const ms = Math.max(0, Math.round(totalSeconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}
