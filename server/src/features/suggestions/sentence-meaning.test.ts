import { describe, expect, it } from 'vitest';
import { type SentenceMeaning, meaningCosine, sentenceMeaning, sentenceMeanings } from './sentence-meaning';
import { cosine, meanVector, wordVectors } from './word-vectors';
import { meaningWords } from './vector-rerank';

// The sentence encoder as shipped in its npm packages: loaded from them, nothing downloaded.

describe('sentence meanings', () => {
  it('sees a paraphrase that shares no word, where the mean of the word vectors does not', async () => {
    const [rifle, gun, spring] = await sentenceMeanings([
      'why does the rifle kick back',
      'why does a gun recoil when fired',
      'what is the spring constant of this spring',
    ]);
    const paraphrase = meaningCosine(rifle!, gun!);
    expect(paraphrase).toBeGreaterThan(0.65);
    expect(meaningCosine(rifle!, spring!)).toBeLessThan(paraphrase - 0.3);
    const vectors = wordVectors()!;
    const mean = (text: string) => meanVector(vectors, meaningWords(text))!;
    expect(
      cosine(mean('why does the rifle kick back'), mean('why does a gun recoil when fired')),
    ).toBeLessThan(paraphrase);
  });

  it('keeps 512 bytes a text, the same for the same text, and none for a text without a word', async () => {
    const [a, b, empty] = await sentenceMeanings([
      'How do I stop an infinite loop?',
      'How do I stop an infinite loop?',
      ' ?! ',
    ]);
    expect(a).toHaveLength(512);
    expect([...a!]).toEqual([...b!]);
    expect(meaningCosine(a!, b!)).toBeCloseTo(1, 5);
    expect(empty).toBeNull();
    expect(await sentenceMeaning('')).toBeNull();
  });

  it("encodes on its own thread: the server's event loop keeps turning meanwhile", async () => {
    await sentenceMeaning('the model loaded first'); // so that only encoding is timed
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 1);
    const texts = Array.from(
      { length: 40 },
      (_, i) => `why is the acceleration negative at the top, case ${i}`,
    );
    const started = performance.now();
    for (const text of texts) await sentenceMeaning(text);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // On the server's thread, 40 encodings (~0.5 s and more) let no 1 ms timer fire at all.
    expect(turns).toBeGreaterThan(Math.min(20, elapsed / 10));
  });

  it('gives each of many requests at once its own meanings, though the thread encodes them together', async () => {
    const questions = [
      ['why does the rifle kick back'],
      ['what is the spring constant of this spring', 'how do I stop an infinite loop?'],
      ['why is the acceleration negative at the top'],
      ['what does the sampling theorem promise'],
    ];
    const alone: SentenceMeaning[] = [];
    for (const text of questions.flat()) alone.push((await sentenceMeaning(text))!); // one by one
    const together = (await Promise.all(questions.map((texts) => sentenceMeanings(texts)))).flat();
    together.forEach((meaning, i) =>
      alone.forEach((other, j) =>
        i === j
          ? expect(meaningCosine(meaning!, other)).toBeGreaterThan(0.999)
          : expect(meaningCosine(meaning!, other)).toBeLessThan(0.9),
      ),
    );
  });

  it('counts an opposite meaning, or one of another size, as none', async () => {
    const m = (await sentenceMeaning('How do I stop an infinite loop?'))!;
    const opposite = new Uint8Array(
      new Int8Array(new Int8Array(m.buffer, m.byteOffset, m.length).map((x) => -x)).buffer,
    );
    expect(meaningCosine(m, opposite)).toBe(0);
    expect(meaningCosine(m, m.subarray(0, 100))).toBe(0);
  });
});
