const BASE_MS = 1_000;
const MAX_MS = 10 * 60_000;

/** Exponential backoff with full jitter after the n-th failed attempt (1-based): ~1 s, 2 s, 4 s … 10 min. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
