import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Match } from './matcher';
import {
  MEANING,
  combinedScore,
  couldPass,
  meaningWords,
  rerankByMeaning,
  suggestionThreshold,
} from './vector-rerank';
import { SUGGESTION_THRESHOLD } from './match-score';
import {
  WORD_VECTORS_DIR,
  cosine,
  meanVector,
  readWordVectors,
  wordVectors,
  wordVectorsProblem,
} from './word-vectors';

const table = readWordVectors(WORD_VECTORS_DIR);
const like = (a: string, b: string) => cosine(meanVector(table, [a])!, meanVector(table, [b])!);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-word-vectors-test-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe('the word table', () => {
  it('holds the 50,000 most frequent words, most frequent first, with 100 dimensions each', () => {
    expect(table.rows.size).toBe(50_000);
    expect(table.dimensions).toBe(100);
    expect(table.rows.get('the')).toBe(0);
    for (const word of ['gun', 'rifle', 'recoil', 'photosynthesis', 'derivative'])
      expect(table.rows.has(word)).toBe(true);
    expect(table.rows.has(',')).toBe(false); // what the matcher's tokeniser never makes is left out
  });

  it('keeps unit vectors through int8: a word is like itself, a known pair more alike than an unrelated one', () => {
    expect(like('gun', 'gun')).toBeCloseTo(1, 5);
    const row = table.rows.get('rifle')!;
    let norm = 0;
    for (let d = 0; d < 100; d += 1) norm += (table.data[row * 100 + d]! * table.scales[row]!) ** 2;
    expect(Math.sqrt(norm)).toBeCloseTo(1, 2);
    expect(like('gun', 'rifle')).toBeGreaterThan(0.6);
    expect(like('gun', 'rifle')).toBeGreaterThan(like('gun', 'banana') + 0.4);
    expect(like('derivative', 'integral')).toBeGreaterThan(like('derivative', 'mitochondria'));
  });

  it('makes a text the mean of the words it holds, and nothing of words it does not', () => {
    expect(meanVector(table, ['zzxqv', 'qqqzzv'])).toBeNull();
    const both = meanVector(table, ['gun', 'zzxqv'])!;
    expect(cosine(both, meanVector(table, ['gun'])!)).toBeCloseTo(1, 6);
    expect(meaningWords('Why does the Rifle kick back?')).toEqual(['rifle', 'kick', 'back']);
  });

  it('is read once per process', () => {
    expect(wordVectors()).toBe(wordVectors());
    expect(wordVectors()?.rows.size).toBe(50_000);
  });

  it('says why a missing or damaged table cannot be read, without reading it whole', () => {
    expect(wordVectorsProblem()).toBeNull();
    expect(wordVectorsProblem(path.join(temp, 'nothing-here'))).toMatch(/ENOENT/);
    const damaged = path.join(temp, 'damaged');
    fs.mkdirSync(damaged);
    const bytes = fs.readFileSync(path.join(WORD_VECTORS_DIR, 'vectors.bin'));
    fs.writeFileSync(path.join(damaged, 'vectors.bin'), bytes.subarray(0, bytes.length - 100));
    fs.copyFileSync(path.join(WORD_VECTORS_DIR, 'words.txt'), path.join(damaged, 'words.txt'));
    expect(wordVectorsProblem(damaged)).toMatch(/is no word table/);
    expect(() => readWordVectors(damaged)).toThrow(/not those of 50000 words/);
  });
});

describe('the re-rank by meaning', () => {
  const candidate = (questionId: string, question: string, words: number): Match => ({
    questionId,
    videoId: 'v',
    time: 0,
    question,
    responseId: 'r',
    answerSeconds: null,
    answerKind: 'video',
    score: words,
    likeness: { words, nearness: 1, sentence: null, vectors: null },
  });
  const lexical = [
    candidate('a', 'Why does the rifle kick back like a horse?', 0.4),
    candidate('b', 'Why does a gun recoil when fired?', 0),
  ];

  it('lifts the paraphrase that shares no word over one that shares words but not the meaning', () => {
    const ranked = rerankByMeaning('why is there recoil when a gun is fired', lexical, table);
    expect(ranked.map((m) => m.questionId)).toEqual(['b', 'a']);
    expect(ranked[0]!.score).toBeCloseTo(combinedScore(ranked[0]!.likeness!, MEANING.alpha), 10);
    expect(ranked[0]!.likeness!.vectors).toBeGreaterThan(0.9);
  });

  it('calls for the sentence encoder only where a perfect sentence score could pass', () => {
    const at = (nearness: number): Match => ({
      ...candidate('a', 'Why does a gun recoil when fired?', 0),
      likeness: { words: 0.1, nearness, sentence: null, vectors: 0.2 },
    });
    const { alpha, threshold } = MEANING;
    // Far from the moment: not even a sentence cosine of 1 would reach the threshold.
    expect(couldPass(at(1), threshold)).toBe(false);
    for (const sentence of [0, 0.5, 1])
      expect(combinedScore({ ...at(1).likeness!, sentence }, alpha)).toBeLessThan(threshold);
    // At the same moment, it might: the text is worth encoding.
    expect(couldPass(at(1.8), threshold)).toBe(true);
    expect(combinedScore({ ...at(1.8).likeness!, sentence: 1 }, alpha)).toBeGreaterThanOrEqual(threshold);
  });

  it('leaves the words alone, and their threshold, without a table', () => {
    expect(rerankByMeaning('why is there recoil when a gun is fired', lexical, null)).toBe(lexical);
    expect(suggestionThreshold(null)).toBe(SUGGESTION_THRESHOLD);
    expect(suggestionThreshold(table)).toBe(MEANING.threshold);
  });
});
