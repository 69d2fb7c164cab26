// Usage analytics under a class: 500 students each send a playback event every 10 s while the instructor's
// usage page refreshes its two reports back to back. Prints events/s absorbed, event latency and the
// latency of GET …/student-activity and …/engagement. Then a burst: events as fast as the server takes them.
// Then the reports over 100,000 and 1,000,000 historical events on PostgreSQL (BENCH_DATABASE_URL, else a fresh
// database on 127.0.0.1:5432): bench/lib/usage-history.mjs.
// Knobs: BENCH_USAGE_SECONDS (steady phase, 30), BENCH_STUDENTS (500), BENCH_USAGE_RUNS (requests a report, 100).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { instructorWithLecture, uploadVideoFile } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { ROOT, startLectern } from '../lib/server.mjs';
import { reportsOverHistory } from '../lib/usage-history.mjs';

const SECONDS = Number(process.env.BENCH_USAGE_SECONDS ?? 30);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const EVENT_EVERY_MS = 10_000;
const VIDEO = path.join(ROOT, 'test-media/lecture-90s.mp4');
const ACTIONS = ['videoPlayLecture', 'videoPauseLecture', 'videoSeekedLecture', 'videoRateChangeLecture'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
const summary = (latencies) => {
  const s = [...latencies].sort((a, b) => a - b);
  return `n ${s.length}, p50 ${pct(s, 0.5)} ms, p99 ${pct(s, 0.99)} ms`;
};

async function timed(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ok: res.ok, status: res.status, ms: performance.now() - started };
}

/** Signs up `count` students, eight at a time (argon2 makes signup deliberately slow): [{id, token}]. */
async function signupStudents(base, count) {
  const students = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
      const res = await fetch(`${base}/api/signup/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Student ${i + j}`,
          email: `${randomUUID()}@bench.lectern`,
          password: 'bench password 1',
        }),
      });
      if (res.status !== 201) throw new Error(`signup ${res.status} ${await res.text()}`);
      return res.json();
    });
    students.push(...(await Promise.all(batch)));
  }
  return students;
}

function eventBody(ids, n) {
  const action = ACTIONS[n % ACTIONS.length];
  return JSON.stringify({
    action,
    videoTime: (n * 7) % 90,
    rate: action === 'videoRateChangeLecture' ? 1.5 : undefined,
    videoID: ids.videoId,
    lectureID: ids.lectureId,
    courseID: ids.courseId,
  });
}

const postEvent = (base, token, body) =>
  timed(`${base}/api/logging/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });

/**
 * The usage page refreshing once a second (both reports, one after the other) until `until`: an eager
 * instructor, and well under the per-user limit of 600 requests a minute.
 */
async function refreshReports(base, ids, until) {
  const headers = { authorization: `Bearer ${ids.token}` };
  const latency = { students: [], engagement: [], errors: 0 };
  while (performance.now() < until) {
    const next = performance.now() + 1000;
    const a = await timed(`${base}/api/admin/logs/video/${ids.videoId}/student-activity`, { headers });
    const b = await timed(`${base}/api/admin/logs/video/${ids.videoId}/engagement?bin=5`, { headers });
    latency.students.push(a.ms);
    latency.engagement.push(b.ms);
    latency.errors += Number(!a.ok) + Number(!b.ok);
    await sleep(Math.max(0, next - performance.now()));
  }
  return latency;
}

async function steadyPhase(base, ids, tokens) {
  const until = performance.now() + SECONDS * 1000;
  const events = { latencies: [], errors: 0 };
  const started = performance.now();
  const students = tokens.map(async (token, i) => {
    await sleep(Math.random() * EVENT_EVERY_MS); // spread the class over the period
    for (let n = i; performance.now() < until; n += 1) {
      const next = performance.now() + EVENT_EVERY_MS;
      const res = await postEvent(base, token, eventBody(ids, n));
      if (res.ok) events.latencies.push(res.ms);
      else events.errors += 1;
      await sleep(Math.max(0, next - performance.now()));
    }
  });
  const [reports] = await Promise.all([refreshReports(base, ids, until), ...students]);
  const elapsed = (performance.now() - started) / 1000;
  const stored = events.latencies.length;
  console.log(
    `  steady: ${STUDENTS} students × 1 event / 10 s for ${SECONDS} s: ${stored} of ${stored + events.errors} events ` +
      `stored, ${fmt(stored / elapsed)} events/s absorbed over ${fmt(elapsed, 0)} s, event ${summary(events.latencies)}`,
  );
  console.log(`    student-activity while loaded: ${summary(reports.students)}`);
  console.log(
    `    engagement while loaded:       ${summary(reports.engagement)}, report errors ${reports.errors}`,
  );
}

/** 64 clients post events back to back, rotating students so nobody passes 120 a minute. */
async function burstPhase(base, ids, tokens, seconds = 10) {
  const until = performance.now() + seconds * 1000;
  let next = 0;
  const latencies = [];
  let limited = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (performance.now() < until) {
        const n = next++;
        const res = await postEvent(base, tokens[n % tokens.length], eventBody(ids, n));
        if (res.ok) latencies.push(res.ms);
        else if (res.status === 429) limited += 1;
        else errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `  burst: 64 clients for ${seconds} s: ${fmt(latencies.length / elapsed)} events/s stored, ` +
      `${summary(latencies)}, 429s ${limited}, errors ${errors}`,
  );
}

async function instructorWithVideo(base) {
  const ids = await instructorWithLecture(base);
  ids.videoId = (await uploadVideoFile(base, ids, VIDEO)).id;
  return ids;
}

export async function run() {
  const lectern = await startLectern();
  try {
    const ids = await instructorWithVideo(lectern.url);
    const signupStarted = performance.now();
    const students = await signupStudents(lectern.url, STUDENTS);
    const tokens = students.map((s) => s.token);
    console.log(
      `usage: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${STUDENTS} students signed up in ` +
        `${fmt((performance.now() - signupStarted) / 1000, 0)} s, 90 s video, client and server on the same cores`,
    );
    await steadyPhase(lectern.url, ids, tokens);
    await burstPhase(lectern.url, ids, tokens);
  } finally {
    await lectern.stop();
  }
  await reportsOverHistory({ instructorWithVideo });
}
