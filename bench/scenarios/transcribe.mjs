// Automatic captions (issue 25): what each speech engine costs. Each lecture of the project's test speech
// (test-media/speech, espeak-ng) is heard by the engine's own command, as the transcription job runs it,
// under /usr/bin/time: audio seconds per CPU second (user + system; the wall clock says more about the
// machine's load than about the engine) and the peak resident memory. PocketSphinx always (Debian's
// pocketsphinx, pocketsphinx-en-us); whisper.cpp when TRANSCRIBE_MODEL names a ggml model.
// Needs espeak-ng and time as well.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { lectureSpeech, lectureTexts } from '../../test-media/speech/make-speech.mjs';
import { fmt } from '../lib/load.mjs';
import { tableRow } from '../lib/table.mjs';

const ENGINES = path.resolve(import.meta.dirname, '../../server/src/features/captions/transcription');
/** Seconds of 16 kHz mono 16-bit WAV audio, from its size (a 44-byte header). */
const wavSeconds = (file) => (fs.statSync(file).size - 44) / (16_000 * 2);

/** Each engine this machine can run, as a name and the command that hears a WAV file; or why not. */
async function installedEngines() {
  const { findPocketsphinx, pocketsphinxCommand } = await tsImport(
    path.join(ENGINES, 'pocketsphinx.ts'),
    import.meta.url,
  );
  const { findWhisper, whisperCommand } = await tsImport(path.join(ENGINES, 'whisper.ts'), import.meta.url);
  const engines = [];
  const sphinx = findPocketsphinx();
  if (typeof sphinx === 'string') console.log(`  skipped PocketSphinx: ${sphinx}`);
  else engines.push({ name: 'PocketSphinx', command: (wav) => pocketsphinxCommand(sphinx, wav) });
  const model = process.env.TRANSCRIBE_MODEL;
  const whisper = findWhisper(model);
  if (model && whisper === model)
    engines.push({
      name: `whisper.cpp (${path.basename(model)})`,
      command: (wav) => whisperCommand(model, wav),
    });
  else console.log(`  skipped whisper.cpp: ${whisper}`);
  return engines;
}

function measure({ name, command }) {
  let audio = 0;
  let cpu = 0;
  let peakKib = 0;
  for (const lecture of lectureTexts()) {
    const wav = lectureSpeech(lecture.name);
    const [binary, args] = command(wav);
    const { stderr, status } = spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %M', binary, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const line = stderr.split('\n').find((l) => l.startsWith('TIME '));
    if (status !== 0 || !line) throw new Error(`${name} failed on ${lecture.name}: ${stderr.slice(-300)}`);
    const [user, system, kib] = line.slice(5).split(' ').map(Number);
    const seconds = wavSeconds(wav);
    audio += seconds;
    cpu += user + system;
    peakKib = Math.max(peakKib, kib);
    console.log(
      `  ${name}, ${lecture.name}: ${fmt(seconds, 1)} s of audio in ${fmt(user + system, 1)} CPU s, ${fmt(kib / 1024, 0)} MiB`,
    );
  }
  tableRow({
    what: `${name}: audio seconds per CPU second`,
    ours: `${fmt(audio / cpu, 2)} (a 60-minute lecture in ${fmt((60 * cpu) / audio, 0)} CPU min)`,
    aim: '≥ 4 (60 min in under 15)',
  });
  tableRow({ what: `${name}: peak memory`, ours: `${fmt(peakKib / 1024, 0)} MiB` });
}

export async function run() {
  if (!fs.existsSync('/usr/bin/time')) {
    console.log('  skipped: apt-get install time');
    return;
  }
  for (const engine of await installedEngines()) measure(engine);
}
