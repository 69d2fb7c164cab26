import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverDir } from '../../../lib/server-dir';
import type { HeardWord, TranscribeOptions, TranscriptionEngine } from './engine';
import { runNiced } from './niced-process';

// whisper.cpp through @fugood/node-whisper's prebuilt binary (an optional dependency of the server: only
// linux-x64 is published), with a ggml model the operator downloads once and names in TRANSCRIBE_MODEL
// (docs/deploy.md). It runs in whisper-child.mjs, a process of its own, niced like PocketSphinx.

const BINDING = `@fugood/node-whisper-${process.platform}-${process.arch}`;
// From the server's folder, not this file's: `npm start` runs a bundle in server/dist (server-dir.ts).
const CHILD = path.join(serverDir, 'src/features/captions/transcription/whisper-child.mjs');
const GGML_MAGIC = 0x67676d6c;

/** A whisper segment: its text and its place in the audio in milliseconds. */
export interface WhisperSegment {
  text: string;
  t0: number;
  t1: number;
}

/**
 * The model file, or the reason whisper cannot run (a sentence for the log at start and the captions
 * page): no binary for this platform, no TRANSCRIBE_MODEL, a missing file, or one that is not a ggml
 * whisper model. Only the header is read here; a model damaged further in fails its first job.
 */
export function findWhisper(model: string | undefined): string {
  try {
    createRequire(import.meta.url).resolve(BINDING);
  } catch {
    return `whisper.cpp has no prebuilt binary for ${process.platform}-${process.arch} (${BINDING} is not installed)`;
  }
  if (!model)
    return 'AUTO_CAPTIONS=whisper needs TRANSCRIBE_MODEL, the path of a ggml model (docs/deploy.md)';
  let header: Buffer;
  try {
    const fd = fs.openSync(model, 'r');
    header = Buffer.alloc(48);
    fs.readSync(fd, header, 0, header.length, 0);
    fs.closeSync(fd);
  } catch {
    return `The whisper model ${model} (TRANSCRIBE_MODEL) cannot be read: download a ggml model to that path or name another one (docs/deploy.md)`;
  }
  // The magic, then eleven numbers: the vocabulary, the audio and text sizes, the mel bands (80 or 128).
  const melBands = header.readInt32LE(40);
  if (header.readUInt32LE(0) !== GGML_MAGIC || (melBands !== 80 && melBands !== 128))
    return `${model} (TRANSCRIBE_MODEL) is not a whisper.cpp ggml model (download one: docs/deploy.md)`;
  return model;
}

/**
 * A segment's words, each given a share of the segment's time in proportion to its length: whisper times
 * segments, not words, and a cue split at a word then lands near where it was said.
 */
export function wordsOfSegment({ text, t0, t1 }: WhisperSegment): HeardWord[] {
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.reduce((sum, w) => sum + w.length, 0);
  const perLetter = (t1 - t0) / 1000 / Math.max(letters, 1);
  let at = t0 / 1000;
  return words.map((word) => {
    const start = at;
    at += word.length * perLetter;
    return { text: word, start, end: at };
  });
}

/** A line of whisper-child.mjs. */
interface ChildMessage {
  segment?: WhisperSegment;
  done?: true;
}

/** The command that hears `wavFile`, printing one JSON line per segment (also timed by the bench). */
export const whisperCommand = (model: string, wavFile: string): [string, string[]] => [
  process.execPath,
  [CHILD, model, wavFile],
];

export function whisperEngine(model: string): TranscriptionEngine {
  return {
    name: `whisper.cpp (${path.basename(model)})`,
    async transcribe(wavFile: string, options: TranscribeOptions = {}) {
      const words: HeardWord[] = [];
      let done = false;
      const onLine = (line: string) => {
        const message = JSON.parse(line) as ChildMessage;
        if (message.segment) {
          words.push(...wordsOfSegment(message.segment));
          options.onProgress?.(message.segment.t1 / 1000);
        }
        if (message.done) done = true;
      };
      const { signal } = options;
      await runNiced('whisper.cpp', ...whisperCommand(model, wavFile), { signal, onLine });
      // Exited with 0 without saying it finished: a binding that lost its result.
      if (!done) throw new Error('whisper.cpp stopped without a transcript');
      return words;
    },
  };
}
