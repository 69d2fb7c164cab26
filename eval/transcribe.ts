// Automatic captions (issue 25): each engine that is installed hears the project's test speech
// (test-media/speech), and this prints its word error rate and real-time factor (seconds of work per
// second of audio) per lecture and in all.
import { statSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { lectureSpeech, lectureTexts } from '../test-media/speech/make-speech.mjs';
import type { TranscriptionEngine } from '../server/src/features/captions/transcription/engine';
import {
  findPocketsphinx,
  pocketsphinxEngine,
} from '../server/src/features/captions/transcription/pocketsphinx';
import { findWhisper, whisperEngine } from '../server/src/features/captions/transcription/whisper';
import { wordErrorRate, wordsOf } from '../server/src/features/captions/transcription/word-error-rate';

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

export async function run() {
  for (const engine of installedEngines()) {
    let errors = 0;
    let words = 0;
    let audio = 0;
    let work = 0;
    for (const lecture of lectureTexts()) {
      const wav = lectureSpeech(lecture.name);
      const seconds = wavSeconds(statSync(wav).size);
      const started = performance.now();
      const heard = await engine.transcribe(wav);
      const took = (performance.now() - started) / 1000;
      const wer = wordErrorRate(lecture.text, heard.map((w) => w.text).join(' '));
      const count = wordsOf(lecture.text).length;
      errors += wer * count;
      words += count;
      audio += seconds;
      work += took;
      console.log(
        `  ${engine.name}, ${lecture.name}: WER ${(wer * 100).toFixed(1)} % of ${count} words, ${seconds.toFixed(1)} s of audio in ${took.toFixed(1)} s (RTF ${(took / seconds).toFixed(2)})`,
      );
    }
    console.log(
      `  ${engine.name}, all: WER ${((errors / words) * 100).toFixed(1)} % of ${words} words, RTF ${(work / audio).toFixed(2)} (a 60-minute lecture in ${((60 * work) / audio).toFixed(0)} min), load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
}
