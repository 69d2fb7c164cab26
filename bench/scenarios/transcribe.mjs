// Automatic captions (issue 25): what each speech engine costs. Each lecture of the project's test speech
// (test-media/speech, espeak-ng) is heard by the engine's own command, as the transcription job runs it,
// under /usr/bin/time: audio seconds per CPU second (user + system; the wall clock says more about the
// machine's load than about the engine) and the peak resident memory. PocketSphinx always (Debian's
// pocketsphinx, pocketsphinx-en-us); whisper.cpp when TRANSCRIBE_MODEL names a ggml model.
// Then what a transcription costs the API: the p99 of a lecture's questions (10 requests a second) on a Lectern whose job is
// transcribing an uploaded lecture, against the same with nothing running; and how long that job takes by
// the wall clock, hearing the lecture in parts side by side (wav-parts.ts), which on a busy machine says
// as much about the load (printed) as about the engine.
// Needs espeak-ng and time as well. Knob: BENCH_TRANSCRIBE_SECONDS (20 per measurement).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { lectureSpeech, lectureTexts, speechVideo } from '../../test-media/speech/make-speech.mjs';
import { api, instructorWithLecture, uploadVideoFile, youtubeVideo } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { startLectern } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const ENGINES = path.resolve(import.meta.dirname, '../../server/src/features/captions/transcription');
/** Seconds of 16 kHz mono 16-bit WAV audio, from its size (a 44-byte header). */
const wavSeconds = (file) => (fs.statSync(file).size - 44) / (16_000 * 2);
const SECONDS = Number(process.env.BENCH_TRANSCRIBE_SECONDS ?? 20);
const RATE = 10;

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

/** Resolves once the video's automatic captions reach one of `states`; returns the status. */
async function untilAutomatic(base, token, videoId, states) {
  for (;;) {
    const status = await api(base, `/api/captions/video/${videoId}/automatic`, { method: 'GET', token });
    if (states.includes(status.state)) return status;
    if (status.state === 'failed') throw new Error(`transcription failed: ${status.reason}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * GET `url` RATE times a second for SECONDS on a fixed schedule (open loop: a slow answer does not delay
 * the next request), as students' pages ask; one user stays under the API's 600 requests a minute. Its
 * own keep-alive agent, destroyed at the end, so no later request reuses a socket the server is closing.
 */
async function paced(url, token) {
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise((resolve, reject) => {
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`));
        res.resume().on('end', resolve);
      });
      req.on('error', reject);
    });
  const latencies = [];
  const requests = [];
  const started = performance.now();
  for (let i = 0; i < SECONDS * RATE; i += 1) {
    const due = started + (i * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    requests.push(get().then(() => latencies.push(performance.now() - due)));
  }
  await Promise.all(requests).finally(() => agent.destroy());
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, p99ms: Math.round(latencies[Math.floor(latencies.length * 0.99)]) };
}

/** The API's p99 beside a transcription the server's own job runs, and with none. */
async function apiBesideTranscription() {
  const lectern = await startLectern({ AUTO_CAPTIONS: 'pocketsphinx' });
  try {
    const owner = await instructorWithLecture(lectern.url);
    const asked = await youtubeVideo(lectern.url, owner, 'Asked about');
    for (let i = 0; i < 5; i += 1) {
      const body = { videoId: asked.id, question: `Question ${i} about the lecture?`, time: i * 30 };
      await api(lectern.url, '/api/questions', { token: owner.token, body });
    }
    const url = `${lectern.url}/api/questions/lecture-questions/${owner.lectureId}`;
    const questions = () => paced(url, owner.token);
    const quiet = await questions();
    // Every test lecture spoken twice in one video (about four and a half minutes): long enough to outlast
    // a measurement, and for the job to hear it in parts side by side, as it hears a lecture.
    const lectures = lectureTexts().map((l) => l.text);
    const talk = speechVideo('bench-all-lectures-twice', [...lectures, ...lectures].join(' '));
    const video = await uploadVideoFile(lectern.url, owner, talk);
    await untilAutomatic(lectern.url, owner.token, video.id, ['transcribing']);
    const transcribing = performance.now();
    const busy = await questions();
    const after = await untilAutomatic(lectern.url, owner.token, video.id, ['transcribing', 'done']);
    if (after.state !== 'transcribing')
      console.log('  the transcription ended during the measurement: lower BENCH_TRANSCRIBE_SECONDS');
    await untilAutomatic(lectern.url, owner.token, video.id, ['done']);
    const wall = (performance.now() - transcribing) / 1000;
    // Spoken whole, the talk lasts about as long as its lectures spoken apart.
    const audio =
      video.durationSeconds ??
      2 * lectureTexts().reduce((sum, l) => sum + wavSeconds(lectureSpeech(l.name)), 0);
    tableRow({
      what: `PocketSphinx as the job runs it (parts side by side, load ${fmt(os.loadavg()[0], 1)})`,
      ours: `${fmt(audio, 0)} s of speech in ${fmt(wall, 0)} s (a 60-minute lecture in ${fmt((60 * wall) / audio, 0)} min)`,
      aim: '60 min in under 15',
    });
    console.log(
      `  lecture questions, 10 a second: p99 ${quiet.p99ms} ms idle, ${busy.p99ms} ms transcribing (${busy.count} requests each)`,
    );
    tableRow({
      what: "API p99 (a lecture's questions, 10 a second) while PocketSphinx transcribes",
      ours: `${busy.p99ms} ms`,
      reference: `${quiet.p99ms} ms with none`,
      ratio: busy.p99ms / Math.max(quiet.p99ms, 1),
      aim: '≤ 1.5×',
    });
  } finally {
    await lectern.stop();
  }
}

export async function run() {
  if (!fs.existsSync('/usr/bin/time')) {
    console.log('  skipped: apt-get install time');
    return;
  }
  const engines = await installedEngines();
  for (const engine of engines) measure(engine);
  if (engines.some((e) => e.name === 'PocketSphinx')) await apiBesideTranscription();
}
