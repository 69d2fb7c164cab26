/** One student's rolled-up playback on a video (usage_video_users). */
export interface UserCoverage {
  /** Merged [start, end) pairs of positions watched in closed spans, not yet cut at the duration. */
  watched: number[];
  /** Merged [start, end) pairs re-watched after seeking back. */
  rewatched: number[];
}

export interface BinOptions {
  binSeconds: number;
  durationSeconds: number;
  binCount: number;
}

type Range = [number, number];

/**
 * The bins [first, last] that [start, end) touches once cut at the duration, or null when nothing is left.
 * The same float arithmetic as the SQL it replaces: floor(start / bin) to ceil(end / bin) - 1.
 */
function binRange(start: number, end: number, o: BinOptions): Range | null {
  const cut = Math.min(o.durationSeconds, end);
  if (!(cut > start)) return null;
  const first = Math.max(Math.floor(start / o.binSeconds), 0);
  const last = Math.min(Math.ceil(cut / o.binSeconds) - 1, o.binCount - 1);
  return first <= last ? [first, last] : null;
}

function rangesOf(pairs: number[], o: BinOptions): Range[] {
  const ranges: Range[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const range = binRange(pairs[i]!, pairs[i + 1]!, o);
    if (range) ranges.push(range);
  }
  return ranges;
}

/** Adds 1 to every bin any of one student's ranges touches, however many of them touch it. */
function countOnce(ranges: Range[], diff: Int32Array): void {
  ranges.sort((a, b) => a[0] - b[0]);
  let current: Range | null = null;
  for (const range of ranges) {
    if (current && range[0] <= current[1] + 1) current[1] = Math.max(current[1], range[1]);
    else {
      if (current) mark(current, diff);
      current = [...range];
    }
  }
  if (current) mark(current, diff);
}

function mark([first, last]: Range, diff: Int32Array): void {
  diff[first]! += 1;
  diff[last + 1]! -= 1;
}

const prefixSums = (diff: Int32Array, length: number): number[] => {
  const out = new Array<number>(length);
  let running = 0;
  for (let k = 0; k < length; k += 1) out[k] = running += diff[k]!;
  return out;
};

/** Distinct students per bin who watched it and who re-watched it. */
export function studentsPerBin(
  users: UserCoverage[],
  o: BinOptions,
): { watched: number[]; rewatched: number[] } {
  const watched = new Int32Array(o.binCount + 1);
  const rewatched = new Int32Array(o.binCount + 1);
  for (const user of users) {
    countOnce(rangesOf(user.watched, o), watched);
    countOnce(rangesOf(user.rewatched, o), rewatched);
  }
  return { watched: prefixSums(watched, o.binCount), rewatched: prefixSums(rewatched, o.binCount) };
}
