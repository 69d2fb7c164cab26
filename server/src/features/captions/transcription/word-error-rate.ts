/** Lower-case words without punctuation: what a recogniser is judged on. */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, by the edit distance over
 * words. One row of the table at a time, so an hour of speech (~9,000 words) costs kilobytes, not gigabytes.
 */
export function wordErrorRate(reference: string, heard: string): number {
  const ref = wordsOf(reference);
  const hyp = wordsOf(heard);
  if (!ref.length) return hyp.length ? 1 : 0;
  let row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const next = [i];
    for (let j = 1; j <= hyp.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    row = next;
  }
  return row[hyp.length]! / ref.length;
}
