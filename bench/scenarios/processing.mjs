// Video processing (issue 9): the remux time of a ~1 GB mp4 with its index at the end, the transcode speed
// (x real time) of a 10-minute 720p WebM, and what a transcode does to the 7 s poll of a lecture's
// questions by 500 students (p99 should stay under 100 ms). Test videos are generated once into
// test-media/generated/ by the project's own script. Times run from the upload's answer to `ready`.
// Knobs: BENCH_WEBM_SECONDS (600), BENCH_REMUX_MB (1000), BENCH_POLL_SECONDS (45), BENCH_STUDENTS (500).
import fs from 'node:fs';
import { largeMp4, longWebm } from '../../test-media/make.mjs';
import { instructorWithLecture, processedVideo, untilReady, uploadVideoFile } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { startLectern } from '../lib/server.mjs';
import { openLoop, seedLecture } from './poll.mjs';

const WEBM_SECONDS = Number(process.env.BENCH_WEBM_SECONDS ?? 600);
const REMUX_MB = Number(process.env.BENCH_REMUX_MB ?? 1000);
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 45);

const pct = (sorted, p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

export async function run() {
  let started = performance.now();
  const mp4 = largeMp4(REMUX_MB, { faststart: false });
  const webm = longWebm(WEBM_SECONDS);
  console.log(
    `  test videos ready in ${fmt((performance.now() - started) / 1000, 0)} s (generated once, then reused)`,
  );
  const lectern = await startLectern();
  try {
    const owner = await instructorWithLecture(lectern.url);

    const remux = await processedVideo(lectern.url, owner, mp4);
    const mb = fs.statSync(mp4).size / 1e6;
    console.log(
      `  remux: ${fmt(mb, 0)} MB mp4, moov at the end -> fast start in ${fmt(remux.seconds, 1)} s (${fmt(mb / remux.seconds, 0)} MB/s, duration ${fmt(remux.video.durationSeconds, 0)} s)`,
    );

    const { lectureId, students } = await seedLecture(lectern.url);
    const url = `${lectern.url}/api/questions/lecture-questions/${lectureId}`;
    const tokens = students.map((s) => s.token);
    const quiet = await openLoop(url, tokens, POLL_SECONDS);
    const uploaded = await uploadVideoFile(lectern.url, owner, webm);
    started = performance.now();
    const ready = untilReady(lectern.url, owner, uploaded.id, started);
    const busy = await openLoop(url, tokens, POLL_SECONDS);
    const transcode = await ready;
    console.log(
      `  transcode: ${WEBM_SECONDS} s 720p VP8/Opus WebM -> H.264/AAC in ${fmt(transcode.seconds, 0)} s = ${fmt(WEBM_SECONDS / transcode.seconds, 2)}x real time (PROCESSING_CONCURRENCY 1, niceness 10)`,
    );
    for (const [label, r] of [
      ['idle', quiet],
      ['during the transcode', busy],
    ]) {
      // 304: the poll sends back its last ETag (poll.mjs), and nothing changed.
      const errors = [...r.statuses].filter(([s]) => s !== 200 && s !== 304).reduce((n, [, c]) => n + c, 0);
      console.log(
        `  lecture-questions poll, ${students.length} students every 7 s, ${label}: ${fmt(r.count / r.elapsed)} req/s, p50 ${pct(r.latencies, 0.5)} ms, p99 ${pct(r.latencies, 0.99)} ms, errors ${errors}`,
      );
    }
  } finally {
    await lectern.stop();
  }
}
