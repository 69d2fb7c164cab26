// Speaker adaptation of PocketSphinx's acoustic model (issue 25), as CMUSphinx's tutorial "Adapting the
// default acoustic model" does it with Debian's sphinxtrain and sphinxbase-utils: features with sphinx_fe,
// counts with bw, then an MLLR transform (mllr_solve) or a MAP-adapted copy of the model (map_adapt and
// mk_s2sendump). Eval-side only: it answers whether corrected captions would teach the engine a voice.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PocketsphinxSetup } from '../../server/src/features/captions/transcription/pocketsphinx';
import { wordsOf } from '../../server/src/features/captions/transcription/word-error-rate';
import { writeMixtureWeights } from './mixture-weights';

const SPHINXTRAIN = '/usr/lib/sphinxtrain';
const tool = (name: string) => path.join(SPHINXTRAIN, name);

/** Why adaptation cannot run here, or null when the tools are installed. */
export const adaptationMissing = () =>
  [tool('bw'), tool('map_adapt'), '/usr/bin/sphinx_fe', '/usr/bin/pocketsphinx_mdef_convert'].some(
    (f) => !fs.existsSync(f),
  )
    ? "speaker adaptation needs Debian's sphinxtrain and sphinxbase-utils (apt-get install sphinxtrain sphinxbase-utils)"
    : null;

/** A stretch of speech (a cue, a sentence) and the words truly said in it. */
export interface Utterance {
  wav: string;
  text: string;
}

const run = (binary: string, args: string[]) =>
  execFileSync(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * The unadapted model as SphinxTrain reads it, made once in `dir`: a copy with its mdef as text and its
 * mixture weights rebuilt from the sendump.
 */
export function trainableModel(setup: PocketsphinxSetup, dir: string) {
  const hmm = path.join(dir, 'base');
  if (fs.existsSync(path.join(hmm, 'mixture_weights'))) return hmm;
  fs.cpSync(setup.hmm, hmm, { recursive: true });
  run('/usr/bin/pocketsphinx_mdef_convert', [
    '-text',
    path.join(setup.hmm, 'mdef'),
    path.join(hmm, 'mdef.txt'),
  ]);
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

export interface Adaptation {
  /** Utterances used and seconds of speech in them. */
  used: number;
  seconds: number;
  mllr: PocketsphinxSetup;
  map: PocketsphinxSetup;
}

/** Adapts `setup`'s model to the speech in `utterances`, working in `dir` (made here, kept for the caller to remove). */
export function adapt(
  setup: PocketsphinxSetup,
  base: string,
  utterances: Utterance[],
  dir: string,
): Adaptation {
  fs.mkdirSync(dir, { recursive: true });
  const usable = alignable(utterances, setup.dict);
  if (usable.length === 0) throw new Error('no utterance has only dictionary words');
  const ids = usable.map((_, n) => `u${n}`);
  usable.forEach((u, n) => fs.copyFileSync(u.wav, path.join(dir, `${ids[n]}.wav`)));
  const fileids = path.join(dir, 'adapt.fileids');
  const transcription = path.join(dir, 'adapt.transcription');
  fs.writeFileSync(fileids, `${ids.join('\n')}\n`);
  fs.writeFileSync(
    transcription,
    usable.map((u, n) => `<s> ${u.words.join(' ')} </s> (${ids[n]})\n`).join(''),
  );
  run('/usr/bin/sphinx_fe', [
    ...['-argfile', path.join(base, 'feat.params'), '-samprate', '16000', '-c', fileids],
    ...['-di', dir, '-do', dir, '-ei', 'wav', '-eo', 'mfc', '-mswav', 'yes'],
  ]);
  // bw takes only some of feat.params' settings (the tutorial): these match Debian's en-us model (ptm).
  run(tool('bw'), [
    ...['-hmmdir', base, '-moddeffn', path.join(base, 'mdef.txt'), '-ts2cbfn', '.ptm.'],
    ...['-feat', '1s_c_d_dd', '-svspec', '0-12/13-25/26-38', '-cmn', 'current', '-agc', 'none'],
    ...['-dictfn', setup.dict, '-ctlfn', fileids, '-lsnfn', transcription, '-cepdir', dir, '-accumdir', dir],
  ]);
  const mllr = path.join(dir, 'mllr_matrix');
  run(tool('mllr_solve'), [
    ...['-meanfn', path.join(base, 'means'), '-varfn', path.join(base, 'variances')],
    ...['-outmllrfn', mllr, '-accumdir', dir],
  ]);
  const mapped = path.join(dir, 'map');
  fs.cpSync(setup.hmm, mapped, { recursive: true });
  const file = (model: string, name: string) => path.join(model, name);
  run(tool('map_adapt'), [
    ...['-moddeffn', file(base, 'mdef.txt'), '-ts2cbfn', '.ptm.', '-accumdir', dir],
    ...['-meanfn', file(base, 'means'), '-varfn', file(base, 'variances')],
    ...['-mixwfn', file(base, 'mixture_weights'), '-tmatfn', file(base, 'transition_matrices')],
    ...['-mapmeanfn', file(mapped, 'means'), '-mapvarfn', file(mapped, 'variances')],
    ...['-mapmixwfn', file(mapped, 'mixture_weights'), '-maptmatfn', file(mapped, 'transition_matrices')],
  ]);
  // PocketSphinx reads the quantised sendump; the float weights are only SphinxTrain's.
  run(tool('mk_s2sendump'), [
    ...['-pocketsphinx', 'yes', '-moddeffn', file(base, 'mdef.txt')],
    ...['-mixwfn', file(mapped, 'mixture_weights'), '-sendumpfn', file(mapped, 'sendump')],
  ]);
  fs.rmSync(file(mapped, 'mixture_weights'));
  const seconds = usable.reduce((sum, u) => sum + (fs.statSync(u.wav).size - 44) / 32_000, 0);
  return { used: usable.length, seconds, mllr: { ...setup, mllr }, map: { ...setup, hmm: mapped } };
}
