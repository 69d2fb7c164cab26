import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HeardWord, TranscribeOptions, TranscriptionEngine } from './engine';
import { runNiced } from './niced-process';
import { type WavPart, splitAtPauses } from './wav-parts';

// CMU PocketSphinx from Debian's packages (`pocketsphinx`, `pocketsphinx-en-us`): the engine that runs
// everywhere the project's CI runs, with nothing to download. `pocketsphinx_continuous -time yes` prints,
// per utterance, the hypothesis and then one line per word: `word start end confidence`, in seconds.

export interface PocketsphinxSetup {
  binary: string;
  /** The acoustic model folder, its language model and its pronunciation dictionary. */
  hmm: string;
  lm: string;
  dict: string;
  /** An MLLR transform of the acoustic model (SphinxTrain's mllr_solve), when the speaker was adapted to. */
  mllr?: string;
}

/** Debian's paths for the US English model. */
const DEBIAN_MODEL = '/usr/share/pocketsphinx/model/en-us';

/**
 * The installed engine, or the reason it cannot run (a sentence the captions page shows). `binary`:
 * POCKETSPHINX_PATH, else Debian's.
 */
export function findPocketsphinx(
  binary = ['/usr/bin', '/usr/local/bin']
    .map((dir) => path.join(dir, 'pocketsphinx_continuous'))
    .find((f) => fs.existsSync(f)),
): PocketsphinxSetup | string {
  if (!binary || !fs.existsSync(binary))
    return 'PocketSphinx is not installed. On Debian: apt-get install pocketsphinx pocketsphinx-en-us';
  const setup = {
    binary,
    hmm: path.join(DEBIAN_MODEL, 'en-us'),
    lm: path.join(DEBIAN_MODEL, 'en-us.lm.bin'),
    dict: path.join(DEBIAN_MODEL, 'cmudict-en-us.dict'),
  };
  const missing = [setup.hmm, setup.lm, setup.dict].find((f) => !fs.existsSync(f));
  if (missing)
    return `PocketSphinx's US English model is missing (${missing}). On Debian: apt-get install pocketsphinx-en-us`;
  return setup;
}

const WORD_LINE = /^(\S+) (\d+\.\d+) (\d+\.\d+) -?\d+(?:\.\d+)?$/;
/** Markers and fillers, not words: sentence start and end, silence, noise, breath. */
const NOT_A_WORD = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** The words of one line of `-time yes` output, or null for any other line (a hypothesis, a marker). */
export function parseWordLine(line: string): HeardWord | null {
  const match = WORD_LINE.exec(line.trim());
  if (!match || NOT_A_WORD.test(match[1]!)) return null;
  // "the(2)": the dictionary's second pronunciation of "the".
  return { text: match[1]!.replace(/\(\d+\)$/, ''), start: Number(match[2]), end: Number(match[3]) };
}

/** The command that hears `wavFile`, printing one line per word (also run under /usr/bin/time by the bench). */
export function pocketsphinxCommand(setup: PocketsphinxSetup, wavFile: string): [string, string[]] {
  const model = ['-hmm', setup.hmm, '-lm', setup.lm, '-dict', setup.dict];
  if (setup.mllr) model.push('-mllr', setup.mllr);
  return [setup.binary, ['-infile', wavFile, '-time', 'yes', ...model, '-logfn', '/dev/null']];
}

/** The shortest part worth a process of its own: shorter recordings are heard whole. */
const MIN_PART_SECONDS = 120;

/**
 * PocketSphinx as an engine. A process uses one core, so a long recording is cut at pauses into one part
 * per core (`parallelism`), heard side by side and put back together; each process runs niced, so the
 * API still goes first.
 */
export function pocketsphinxEngine(
  setup: PocketsphinxSetup,
  { parallelism = os.availableParallelism(), minPartSeconds = MIN_PART_SECONDS } = {},
): TranscriptionEngine {
  async function hearPart(part: WavPart, signal: AbortSignal | undefined, onProgress: (s: number) => void) {
    const words: HeardWord[] = [];
    const onLine = (line: string) => {
      const word = parseWordLine(line);
      if (!word) return;
      words.push({ ...word, start: word.start + part.offsetSeconds, end: word.end + part.offsetSeconds });
      onProgress(word.end);
    };
    const [binary, args] = pocketsphinxCommand(setup, part.file);
    await runNiced('PocketSphinx', binary, args, { signal, onLine });
    return words;
  }

  return {
    name: 'PocketSphinx (US English)',
    async transcribe(wavFile: string, options: TranscribeOptions = {}) {
      const parts = await splitAtPauses(wavFile, parallelism, minPartSeconds);
      // How far each part has got; together, how much of the recording has been heard.
      const heard = parts.map(() => 0);
      const report = (n: number) => (seconds: number) => {
        heard[n] = seconds;
        options.onProgress?.(heard.reduce((a, b) => a + b, 0));
      };
      // One part failing stops the others: its error is the job's.
      const failed = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
      try {
        const words = await Promise.all(
          parts.map((part, n) =>
            hearPart(part, signal, report(n)).catch((error: unknown) => {
              failed.abort(error);
              throw error;
            }),
          ),
        );
        return words.flat();
      } finally {
        await Promise.all(
          parts.filter((p) => p.file !== wavFile).map((p) => fsp.rm(p.file, { force: true })),
        );
      }
    },
  };
}
