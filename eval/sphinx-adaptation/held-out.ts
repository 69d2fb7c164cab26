// Does adapting PocketSphinx to a voice help on speech it was NOT adapted on? Each rotation adapts on some
// test lectures (their text spoken sentence by sentence, as corrected cues would give it) and measures the
// word error rate on the others only, against the unadapted engine on the same lectures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type PocketsphinxSetup,
  findPocketsphinx,
  pocketsphinxEngine,
} from '../../server/src/features/captions/transcription/pocketsphinx';
import { wordErrorRate, wordsOf } from '../../server/src/features/captions/transcription/word-error-rate';
import { lectureTexts, speak } from '../../test-media/speech/make-speech.mjs';
import { projectSpeech } from '../speech-samples';
import {
  type Utterance,
  accumulate,
  adaptationMissing,
  mapModel,
  mllrTransform,
  trainableModel,
} from '../../server/src/features/captions/transcription/adaptation/sphinxtrain';

type Lecture = ReturnType<typeof projectSpeech>[number];

/** Both adaptations of `setup`'s model to `utterances`, worked out in `dir`: MLLR and the product's MAP. */
async function adapt(setup: PocketsphinxSetup, base: string, utterances: Utterance[], dir: string) {
  const counted = await accumulate(setup, base, utterances, dir);
  const mllr = await mllrTransform(base, dir);
  const map = await mapModel(setup, base, dir, path.join(dir, 'map'));
  return { ...counted, mllr: { ...setup, mllr }, map: { ...setup, hmm: map } };
}

/** Errors and reference words of `setup` on each lecture, heard side by side. */
async function errorsOn(setup: PocketsphinxSetup, lectures: Lecture[]) {
  const engine = pocketsphinxEngine(setup, { parallelism: 1 });
  const each = await Promise.all(
    lectures.map(async (l) => {
      const heard = await engine.transcribe(l.wav);
      const words = wordsOf(l.text).length;
      return { errors: wordErrorRate(l.text, heard.map((w) => w.text).join(' ')) * words, words };
    }),
  );
  return each.reduce((a, b) => ({ errors: a.errors + b.errors, words: a.words + b.words }));
}

const percent = ({ errors, words }: { errors: number; words: number }) =>
  `${((100 * errors) / words).toFixed(1)} %`;

/** A lecture as its sentences, each spoken apart: what a corrected track's cues and their audio amount to. */
function sentences(name: string, dir: string): Utterance[] {
  const text = lectureTexts().find((l) => l.name === name)!.text;
  return text
    .split(/(?<=[.?!])\s+/)
    .map((sentence, n) => ({ text: sentence, wav: speak(sentence, path.join(dir, `${name}-${n}.wav`)) }));
}

/**
 * A course's model adapted to its lecturer also hears a guest: every test lecture adapts the model, then
 * two lectures spoken by espeak-ng's default US voice (not the test voice) are heard with and without it.
 */
async function anotherVoice(setup: PocketsphinxSetup, base: string, utterances: Utterance[], dir: string) {
  const adaptation = await adapt(setup, base, utterances, path.join(dir, 'every-lecture'));
  const guest = lectureTexts()
    .filter((l) => l.name === 'physics' || l.name === 'economics')
    .map((l) => ({ ...l, wav: speak(l.text, path.join(dir, `guest-${l.name}.wav`), ['-v', 'en-us']) }));
  const [unadapted, mllr, map] = [
    await errorsOn(setup, guest),
    await errorsOn(adaptation.mllr, guest),
    await errorsOn(adaptation.map, guest),
  ];
  console.log(
    `  PocketSphinx adapted on every lecture, physics and economics in another voice (espeak-ng en-us): WER unadapted ${percent(unadapted)}, MLLR ${percent(mllr)}, MAP ${percent(map)}`,
  );
}

export async function heldOutAdaptation() {
  const setup = findPocketsphinx();
  const missing = typeof setup === 'string' ? setup : adaptationMissing();
  if (missing || typeof setup === 'string') {
    console.log(`  skipped speaker adaptation: ${missing}`);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-eval-adapt-'));
  try {
    const base = await trainableModel(setup, dir);
    const lectures = projectSpeech();
    const spoken = new Map(lectures.map((l) => [l.name, sentences(l.name, dir)]));
    // Errors and words over every rotation of a kind: adapted on one lecture, or on all but one.
    const totals = new Map<string, Record<'unadapted' | 'mllr' | 'map', { errors: number; words: number }>>();
    for (const [label, adaptOn] of [
      ...lectures.map((l) => [`adapted on ${l.name}`, [l]] as const),
      ...lectures.map((l) => [`adapted on all but ${l.name}`, lectures.filter((o) => o !== l)] as const),
    ]) {
      const heldOut = lectures.filter((l) => !adaptOn.includes(l));
      const adaptation = await adapt(
        setup,
        base,
        adaptOn.flatMap((l) => spoken.get(l.name)!),
        path.join(dir, label.replaceAll(' ', '-')),
      );
      const [unadapted, mllr, map] = [
        await errorsOn(setup, heldOut),
        await errorsOn(adaptation.mllr, heldOut),
        await errorsOn(adaptation.map, heldOut),
      ];
      const kind = adaptOn.length === 1 ? 'one lecture' : 'all lectures but one';
      const total = totals.get(kind) ?? {
        unadapted: { errors: 0, words: 0 },
        mllr: { errors: 0, words: 0 },
        map: { errors: 0, words: 0 },
      };
      for (const [key, r] of [
        ['unadapted', unadapted],
        ['mllr', mllr],
        ['map', map],
      ] as const) {
        total[key].errors += r.errors;
        total[key].words += r.words;
      }
      totals.set(kind, total);
      console.log(
        `  PocketSphinx ${label} (${adaptation.used} sentences, ${adaptation.seconds.toFixed(0)} s), held out ${heldOut.map((l) => l.name).join(', ')}: WER unadapted ${percent(unadapted)}, MLLR ${percent(mllr)}, MAP ${percent(map)}`,
      );
    }
    await anotherVoice(setup, base, [...spoken.values()].flat(), dir);
    for (const [kind, total] of totals)
      console.log(
        `  PocketSphinx adapted on ${kind}, over every rotation's held-out lectures: WER unadapted ${percent(total.unadapted)}, MLLR ${percent(total.mllr)}, MAP ${percent(total.map)}`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
