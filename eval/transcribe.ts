// Automatic captions (issue 25): each engine that is installed hears the project's test speech
// (test-media/speech) and, with TRANSCRIBE_EVAL_DIR, an operator's own recordings (speech-samples.ts);
// this prints its word error rate and real-time factor (seconds of work per second of audio) per
// recording and in all, for each source apart.
import fs, { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TranscriptionEngine } from '../server/src/features/captions/transcription/engine';
import {
  findPocketsphinx,
  pocketsphinxEngine,
} from '../server/src/features/captions/transcription/pocketsphinx';
import { findWhisper, whisperEngine } from '../server/src/features/captions/transcription/whisper';
import { wordErrorRate, wordsOf } from '../server/src/features/captions/transcription/word-error-rate';
import { lectureTexts, speak } from '../test-media/speech/make-speech.mjs';
import { heldOutAdaptation } from './sphinx-adaptation/held-out';
import { type SpeechSample, folderSpeech, projectSpeech } from './speech-samples';

/** Seconds of 16 kHz mono 16-bit WAV audio, from its size (a 44-byte header). */
const wavSeconds = (bytes: number) => (bytes - 44) / (16_000 * 2);

function installedEngines(): TranscriptionEngine[] {
  const engines: TranscriptionEngine[] = [];
  const sphinx = findPocketsphinx();
  if (typeof sphinx === 'string') console.log(`  skipped: ${sphinx}`);
  else engines.push(pocketsphinxEngine(sphinx));
  // whisper.cpp with the model the server would use: TRANSCRIBE_MODEL=/path/to/ggml-base.en.bin npm run eval transcribe
  const model = process.env.TRANSCRIBE_MODEL;
  const whisper = findWhisper(model);
  if (model && whisper === model) engines.push(whisperEngine(model));
  else console.log(`  skipped whisper.cpp: ${whisper}`);
  return engines;
}

/** One source's recordings, to be heard by every engine. */
export interface Source {
  label: string;
  samples: SpeechSample[];
}

function sources(): Source[] {
  const all = [{ label: 'test speech', samples: projectSpeech() }];
  const dir = process.env.TRANSCRIBE_EVAL_DIR;
  if (dir) {
    const { samples, unpaired } = folderSpeech(dir);
    for (const reason of unpaired) console.log(`  ${dir}: left out ${reason}`);
    all.push({ label: dir, samples });
  }
  return all;
}

export async function hear(engine: TranscriptionEngine, { label, samples }: Source) {
  let errors = 0;
  let words = 0;
  let audio = 0;
  let work = 0;
  for (const sample of samples) {
    const seconds = wavSeconds(statSync(sample.wav).size);
    const started = performance.now();
    const heard = await engine.transcribe(sample.wav);
    const took = (performance.now() - started) / 1000;
    const wer = wordErrorRate(sample.text, heard.map((w) => w.text).join(' '));
    const count = wordsOf(sample.text).length;
    errors += wer * count;
    words += count;
    audio += seconds;
    work += took;
    console.log(
      `  ${engine.name}, ${sample.name}: WER ${(wer * 100).toFixed(1)} % of ${count} words, ${seconds.toFixed(1)} s of audio in ${took.toFixed(1)} s (RTF ${(took / seconds).toFixed(2)})`,
    );
  }
  if (words === 0) return;
  console.log(
    `  ${engine.name}, all of ${label}: WER ${((errors / words) * 100).toFixed(1)} % of ${words} words, RTF ${(work / audio).toFixed(2)} (a 60-minute lecture in ${((60 * work) / audio).toFixed(0)} min), load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

/**
 * What PocketSphinx loses by hearing a long recording in parts side by side, as the job does (wav-parts.ts):
 * every test lecture in one recording (about 140 s), heard whole and in two parts. Each part starts with
 * the engine's cold estimate of the voice, which costs words at its start, not speed.
 */
async function wholeAndInParts() {
  const setup = findPocketsphinx();
  if (typeof setup === 'string') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-eval-parts-'));
  try {
    const text = lectureTexts()
      .map((l) => l.text)
      .join(' ');
    const wav = speak(text, path.join(dir, 'all-lectures.wav'));
    for (const [label, options] of [
      ['whole', { parallelism: 1 }],
      ['in two parts', { parallelism: 2, minPartSeconds: 30 }],
    ] as const) {
      const started = performance.now();
      const heard = await pocketsphinxEngine(setup, options).transcribe(wav);
      const took = (performance.now() - started) / 1000;
      const wer = wordErrorRate(text, heard.map((w) => w.text).join(' '));
      console.log(
        `  PocketSphinx, every lecture in one recording, ${label}: WER ${(wer * 100).toFixed(1)} %, ${took.toFixed(1)} s by the wall clock (load average ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const engines = installedEngines();
  for (const source of sources()) {
    for (const engine of engines) await hear(engine, source);
  }
  await wholeAndInParts();
  await heldOutAdaptation();
}
