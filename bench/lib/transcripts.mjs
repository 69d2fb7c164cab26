// Generated lecture transcripts for the search benchmark: made-up words with a Zipf distribution (a few
// words in most cues, most words rare, like speech), deterministic from a seed so runs compare.

const SYLLABLES = [
  'ba',
  'ko',
  'ri',
  'ste',
  'lan',
  'mu',
  'pe',
  'tor',
  'vi',
  'dax',
  'sel',
  'qua',
  'nor',
  'fi',
  'gem',
  'hul',
];

/** A small seeded PRNG (mulberry32). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` distinct words, two to four syllables each. */
export function vocabulary(size, rand) {
  const words = new Set();
  while (words.size < size) {
    const n = 2 + Math.floor(rand() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** Picks word ranks with P(rank r) ∝ 1/r. */
export function zipf(size, rand) {
  const cumulative = [];
  let total = 0;
  for (let r = 1; r <= size; r += 1) cumulative.push((total += 1 / r));
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const stamp = (s) => {
  const ms = Math.round(s * 1000);
  const p = (n, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
};

/** A WebVTT transcript of `minutes`, one cue every `cueSeconds` of 8 to 14 words. */
export function transcript({ minutes, cueSeconds, words, pick, rand }) {
  const cues = ['WEBVTT', ''];
  for (let t = 0; t + cueSeconds <= minutes * 60; t += cueSeconds) {
    const count = 8 + Math.floor(rand() * 7);
    const text = Array.from({ length: count }, () => words[pick()]).join(' ');
    cues.push(`${stamp(t)} --> ${stamp(t + cueSeconds - 0.1)}`, text, '');
  }
  return cues.join('\n');
}
