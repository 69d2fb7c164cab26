import fs from 'node:fs';
import path from 'node:path';
import type { HeardWord, TranscribeOptions, TranscriptionEngine } from './engine';
import { runNiced } from './niced-process';

// CMU PocketSphinx from Debian's packages (`pocketsphinx`, `pocketsphinx-en-us`): the engine that runs
// everywhere the project's CI runs, with nothing to download. `pocketsphinx_continuous -time yes` prints,
// per utterance, the hypothesis and then one line per word: `word start end confidence`, in seconds.

export interface PocketsphinxSetup {
  binary: string;
  /** The acoustic model folder, its language model and its pronunciation dictionary. */
  hmm: string;
  lm: string;
  dict: string;
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
  return [setup.binary, ['-infile', wavFile, '-time', 'yes', ...model, '-logfn', '/dev/null']];
}

export function pocketsphinxEngine(setup: PocketsphinxSetup): TranscriptionEngine {
  return {
    name: 'PocketSphinx (US English)',
    async transcribe(wavFile: string, options: TranscribeOptions = {}) {
      const words: HeardWord[] = [];
      const onLine = (line: string) => {
        const word = parseWordLine(line);
        if (!word) return;
        words.push(word);
        options.onProgress?.(word.end);
      };
      const { signal } = options;
      const [binary, args] = pocketsphinxCommand(setup, wavFile);
      await runNiced('PocketSphinx', binary, args, { signal, onLine });
      return words;
    },
  };
}
