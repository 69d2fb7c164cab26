/** The cue being spoken at `seconds` (start inclusive, end exclusive), or -1 between cues. Cues are sorted. */
export function activeCueIndex(cues: readonly { start: number; end: number }[], seconds: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cue = cues[mid]!;
    if (seconds < cue.start) hi = mid - 1;
    else if (seconds >= cue.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** Where arrow keys move in a list of `count` lines (roving focus), or null for other keys. */
export function nextLine(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(count - 1, index + 1);
  if (key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
