// Speed and time left of an upload (issue 11 #4: a percentage alone does not say whether to wait or go
// for a coffee). Averaged since the upload (re)started, which is steadier than the last chunk's speed.

export interface RateSample {
  /** Bytes acknowledged so far. */
  sent: number;
  /** When, in ms (performance.now()). */
  at: number;
}

export interface UploadRate {
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

/** Below this much elapsed time a speed is mostly noise. */
const MIN_ELAPSED_MS = 1000;

/** The average speed from `first` to `latest` and the time left at that speed; nulls until known. */
export function uploadRate(first: RateSample, latest: RateSample, total: number): UploadRate {
  const elapsed = latest.at - first.at;
  const sent = latest.sent - first.sent;
  if (elapsed < MIN_ELAPSED_MS || sent <= 0) return { bytesPerSecond: null, secondsLeft: null };
  const bytesPerSecond = (sent * 1000) / elapsed;
  return { bytesPerSecond, secondsLeft: Math.max(0, (total - latest.sent) / bytesPerSecond) };
}

const UNITS = ['B/s', 'KB/s', 'MB/s', 'GB/s'];

/** "850 KB/s", "2.4 MB/s" (decimal units, as network speeds are given). */
export function formatSpeed(bytesPerSecond: number): string {
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}

/** "12 s left", "4 min left", "1 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s left`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} min left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
