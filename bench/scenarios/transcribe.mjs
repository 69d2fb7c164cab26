// Automatic captions (issue 25): what the speech engine costs. Each lecture of the project's test speech
// (test-media/speech, espeak-ng) is heard by PocketSphinx as the transcription job runs it, under
// /usr/bin/time: audio seconds per CPU second (user + system; the wall clock says more about the
// machine's load than about the engine) and the peak resident memory.
// Needs Debian's pocketsphinx, pocketsphinx-en-us, espeak-ng and time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { lectureSpeech, lectureTexts } from '../../test-media/speech/make-speech.mjs';
import { fmt } from '../lib/load.mjs';
import { tableRow } from '../lib/table.mjs';

const ENGINE = path.resolve(
  import.meta.dirname,
  '../../server/src/features/captions/transcription/pocketsphinx.ts',
);
/** Seconds of 16 kHz mono 16-bit WAV audio, from its size (a 44-byte header). */
const wavSeconds = (file) => (fs.statSync(file).size - 44) / (16_000 * 2);

export async function run() {
  const { findPocketsphinx } = await tsImport(ENGINE, import.meta.url);
  const setup = findPocketsphinx();
  if (typeof setup === 'string' || !fs.existsSync('/usr/bin/time')) {
    console.log(`  skipped: ${typeof setup === 'string' ? setup : 'apt-get install time'}`);
    return;
  }
  let audio = 0;
  let cpu = 0;
  let peakKib = 0;
  for (const { name } of lectureTexts()) {
    const wav = lectureSpeech(name);
    const args = ['-infile', wav, '-time', 'yes', '-hmm', setup.hmm, '-lm', setup.lm, '-dict', setup.dict];
    const timed = ['-f', 'TIME %U %S %M', setup.binary, ...args, '-logfn', '/dev/null'];
    const { stderr, status } = spawnSync('/usr/bin/time', timed, {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const line = stderr.split('\n').find((l) => l.startsWith('TIME '));
    if (status !== 0 || !line) throw new Error(`pocketsphinx failed on ${name}: ${stderr.slice(-300)}`);
    const [user, system, kib] = line.slice(5).split(' ').map(Number);
    const seconds = wavSeconds(wav);
    audio += seconds;
    cpu += user + system;
    peakKib = Math.max(peakKib, kib);
    console.log(
      `  ${name}: ${fmt(seconds, 1)} s of audio in ${fmt(user + system, 1)} CPU s, ${fmt(kib / 1024, 0)} MiB`,
    );
  }
  tableRow({
    what: 'PocketSphinx: audio seconds per CPU second',
    ours: `${fmt(audio / cpu, 2)} (a 60-minute lecture in ${fmt((60 * cpu) / audio, 0)} CPU min)`,
    aim: '≥ 4 (60 min in under 15)',
  });
  tableRow({ what: 'PocketSphinx: peak memory', ours: `${fmt(peakKib / 1024, 0)} MiB` });
}
