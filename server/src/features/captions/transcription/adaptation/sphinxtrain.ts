// Speaker adaptation of PocketSphinx's acoustic model (issue 25), as CMUSphinx's tutorial "Adapting the
// default acoustic model" does it with Debian's sphinxtrain and sphinxbase-utils: features with sphinx_fe,
// counts with bw, then a MAP-adapted copy of the model (map_adapt and mk_s2sendump), or an MLLR transform
// (mllr_solve, which only the eval measures). Every tool runs niced, as the engines do.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PocketsphinxSetup } from '../pocketsphinx';
import { runNiced } from '../niced-process';
import { wordsOf } from '../word-error-rate';
import { writeMixtureWeights } from './mixture-weights';

/** Debian's sphinxtrain puts its tools here (SPHINXTRAIN_PATH). */
export const DEBIAN_SPHINXTRAIN = '/usr/lib/sphinxtrain';
const SPHINX_FE = '/usr/bin/sphinx_fe';
const MDEF_CONVERT = '/usr/bin/pocketsphinx_mdef_convert';

/** The files MAP adaptation changes; the rest of an adapted model is Debian's. */
export const ADAPTED_FILES = ['means', 'variances', 'transition_matrices', 'sendump'] as const;

/** Why adaptation cannot run here, or null when the tools are installed. */
export const adaptationMissing = (sphinxtrain = DEBIAN_SPHINXTRAIN) =>
  [path.join(sphinxtrain, 'bw'), path.join(sphinxtrain, 'map_adapt'), SPHINX_FE, MDEF_CONVERT].some(
    (f) => !fs.existsSync(f),
  )
    ? "speaker adaptation needs Debian's sphinxtrain and sphinxbase-utils (apt-get install sphinxtrain sphinxbase-utils)"
    : null;

/** A stretch of speech (a cue, a sentence) as 16 kHz mono WAV, and the words truly said in it. */
export interface Utterance {
  wav: string;
  text: string;
}

export interface AdaptOptions {
  /** sphinxtrain's tools folder. */
  sphinxtrain?: string;
  signal?: AbortSignal;
}

const run = (binary: string, args: string[], signal?: AbortSignal) =>
  runNiced(path.basename(binary), binary, args, { signal, onLine: () => undefined });
const tool = (options: AdaptOptions, name: string) =>
  path.join(options.sphinxtrain ?? DEBIAN_SPHINXTRAIN, name);

/**
 * The unadapted model as SphinxTrain reads it, made once in `dir`: a copy with its mdef as text and its
 * mixture weights rebuilt from the sendump (Debian ships no float weights).
 */
export async function trainableModel(setup: PocketsphinxSetup, dir: string, signal?: AbortSignal) {
  const hmm = path.join(dir, 'base');
  if (fs.existsSync(path.join(hmm, 'mixture_weights'))) return hmm;
  await fsp.cp(setup.hmm, hmm, { recursive: true });
  await run(MDEF_CONVERT, ['-text', path.join(setup.hmm, 'mdef'), path.join(hmm, 'mdef.txt')], signal);
  writeMixtureWeights(path.join(setup.hmm, 'sendump'), path.join(hmm, 'mixture_weights'));
  return hmm;
}

/** The utterances bw can align: every word in the dictionary (bw skips a whole utterance for one unknown word). */
function alignable(utterances: Utterance[], dict: string) {
  const known = new Set(
    fs
      .readFileSync(dict, 'utf8')
      .split('\n')
      .map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, '')),
  );
  return utterances
    .map((u) => ({ ...u, words: wordsOf(u.text) }))
    .filter((u) => u.words.length > 0 && u.words.every((w) => known.has(w)));
}

/** No utterance bw could align: nothing to adapt on, however often it is tried. */
export class NothingToAdaptOn extends Error {}

/** What bw counted: the utterances it could use and their seconds of speech. */
export interface Accumulated {
  used: number;
  seconds: number;
}

/**
 * Counts how the speech in `utterances` fits `base` (trainableModel's), into `dir` (made here, kept for
 * the caller to remove): sphinx_fe's features, then bw's statistics, which MAP and MLLR both read.
 */
export async function accumulate(
  setup: PocketsphinxSetup,
  base: string,
  utterances: Utterance[],
  dir: string,
  options: AdaptOptions = {},
): Promise<Accumulated> {
  await fsp.mkdir(dir, { recursive: true });
  const usable = alignable(utterances, setup.dict);
  if (usable.length === 0) throw new NothingToAdaptOn('no corrected cue has only dictionary words');
  const ids = usable.map((_, n) => `u${n}`);
  await Promise.all(usable.map((u, n) => fsp.copyFile(u.wav, path.join(dir, `${ids[n]}.wav`))));
  const fileids = path.join(dir, 'adapt.fileids');
  const transcription = path.join(dir, 'adapt.transcription');
  await fsp.writeFile(fileids, `${ids.join('\n')}\n`);
  await fsp.writeFile(
    transcription,
    usable.map((u, n) => `<s> ${u.words.join(' ')} </s> (${ids[n]})\n`).join(''),
  );
  const { signal } = options;
  await run(
    SPHINX_FE,
    [
      ...['-argfile', path.join(base, 'feat.params'), '-samprate', '16000', '-c', fileids],
      ...['-di', dir, '-do', dir, '-ei', 'wav', '-eo', 'mfc', '-mswav', 'yes'],
    ],
    signal,
  );
  // bw takes only some of feat.params' settings (the tutorial): these match Debian's en-us model (ptm).
  await run(
    tool(options, 'bw'),
    [
      ...['-hmmdir', base, '-moddeffn', path.join(base, 'mdef.txt'), '-ts2cbfn', '.ptm.'],
      ...['-feat', '1s_c_d_dd', '-svspec', '0-12/13-25/26-38', '-cmn', 'current', '-agc', 'none'],
      ...[
        '-dictfn',
        setup.dict,
        '-ctlfn',
        fileids,
        '-lsnfn',
        transcription,
        '-cepdir',
        dir,
        '-accumdir',
        dir,
      ],
    ],
    signal,
  );
  const sizes = await Promise.all(usable.map(async (u) => (await fsp.stat(u.wav)).size - 44));
  return { used: usable.length, seconds: sizes.reduce((a, b) => a + b, 0) / 32_000 };
}

/** An MLLR transform of `base` from accumulate's counts in `dir`, for `pocketsphinx -mllr`. */
export async function mllrTransform(base: string, dir: string, options: AdaptOptions = {}) {
  const mllr = path.join(dir, 'mllr_matrix');
  await run(
    tool(options, 'mllr_solve'),
    [
      ...['-meanfn', path.join(base, 'means'), '-varfn', path.join(base, 'variances')],
      ...['-outmllrfn', mllr, '-accumdir', dir],
    ],
    options.signal,
  );
  return mllr;
}

/**
 * A MAP-adapted model from accumulate's counts in `dir`, written into `out`: the files adaptation changes
 * (ADAPTED_FILES, ~3.6 MB) and links to the rest of `setup`'s model, so `out` is a whole `-hmm` folder.
 */
export async function mapModel(
  setup: PocketsphinxSetup,
  base: string,
  dir: string,
  out: string,
  options: AdaptOptions = {},
) {
  await fsp.mkdir(out, { recursive: true });
  const from = (name: string) => path.join(base, name);
  const to = (name: string) => path.join(out, name);
  const mixw = path.join(dir, 'map_mixture_weights');
  await run(
    tool(options, 'map_adapt'),
    [
      ...['-moddeffn', from('mdef.txt'), '-ts2cbfn', '.ptm.', '-accumdir', dir],
      ...['-meanfn', from('means'), '-varfn', from('variances')],
      ...['-mixwfn', from('mixture_weights'), '-tmatfn', from('transition_matrices')],
      ...['-mapmeanfn', to('means'), '-mapvarfn', to('variances')],
      ...['-mapmixwfn', mixw, '-maptmatfn', to('transition_matrices')],
    ],
    options.signal,
  );
  // PocketSphinx reads the quantised sendump; the float weights are only SphinxTrain's.
  await run(
    tool(options, 'mk_s2sendump'),
    ['-pocketsphinx', 'yes', '-moddeffn', from('mdef.txt'), '-mixwfn', mixw, '-sendumpfn', to('sendump')],
    options.signal,
  );
  const kept = new Set<string>(ADAPTED_FILES);
  for (const name of await fsp.readdir(setup.hmm))
    if (!kept.has(name)) await fsp.symlink(path.join(setup.hmm, name), to(name));
  return out;
}
