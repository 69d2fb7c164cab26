// The 7 s poll of a lecture's questions (SPEC §9, SECURITY §4, issue 14): a lecture with 200 answered
// questions, students with their own tokens behind one IP, each polling GET
// /api/questions/lecture-questions/{id} every 7 s on an open-loop schedule (latency counted from the planned
// send time, so a slow server cannot hide its queue) and sending back the ETag it last got, as a client
// that revalidates does. Prints req/s, p50/p99, errors, 429s and the share answered 304; then the
// endpoint's closed-loop ceiling (32 connections, full answers) as a ratio of a bare Fastify route sending
// the same JSON from memory. Runs on PGlite, then on PostgreSQL when BENCH_DATABASE_URL names a server
// (each run creates and drops its own database there), where it adds the 10,000-student poll: students
// seeded straight into the database (bench/lib/seed-students.mjs), polling every 7 s (≈1,430 req/s).
// Knobs: BENCH_POLL_SECONDS (open loop, 45), BENCH_STUDENTS (500), BENCH_SECONDS (ceiling runs, 10),
// BENCH_CLASS (the large class, 10000), BENCH_CLASS_SECONDS (its open loop, 120).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { answerWithVideo, api, instructorWithLecture, joinAll, signupMany } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { POSTGRES_ADMIN_URL, freshDatabase } from '../lib/postgres.mjs';
import { seedStudents } from '../lib/seed-students.mjs';
import { ROOT, freePort, startLectern, tempDir } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 45);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const CEILING_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLASS = Number(process.env.BENCH_CLASS ?? 10_000);
const CLASS_SECONDS = Number(process.env.BENCH_CLASS_SECONDS ?? 120);
const QUESTIONS = 200;
const POLL_MS = 7000;
const ANSWER = path.join(ROOT, 'test-media/answer-4s.mp4');

const pct = (sorted, p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

/**
 * A lecture holding one video with 200 answered questions. Rate limits shape the setup: a user may ask
 * 10 questions a minute and upload 20 answers an hour (SECURITY RL-4), so 20 students ask and 10 admins
 * answer.
 */
export async function seedLecture(base) {
  const owner = await instructorWithLecture(base);
  const video = await api(base, '/api/upload/youtubeToLecture', {
    token: owner.token,
    body: {
      courseID: owner.courseId,
      lectureID: owner.lectureId,
      title: 'Bench video',
      videoSource: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
  });
  const students = await signupMany(base, STUDENTS, 'Student');
  await joinAll(base, students, owner.courseId);
  const askers = students.slice(0, QUESTIONS / 10);
  const questions = (
    await Promise.all(
      askers.map(async (s, a) => {
        const mine = [];
        for (let k = 0; k < 10; k++) {
          const q = await api(base, '/api/questions', {
            token: s.token,
            body: {
              question: `Bench question ${a}-${k}: why does the sampling theorem need a band limit?`,
              videoId: video.id,
              time: (a * 10 + k) % 200,
              live: false,
            },
          });
          mine.push(q.id);
        }
        return mine;
      }),
    )
  ).flat();
  const coAdmins = await signupMany(base, QUESTIONS / 20 - 1, 'Co-admin');
  for (const admin of coAdmins) {
    await api(base, '/api/courses/add-admin', {
      token: owner.token,
      body: { courseId: owner.courseId, adminId: admin.id },
    });
    // Nobody becomes an admin without accepting (issue 12).
    const [invitation] = await api(base, '/api/invitations', { method: 'GET', token: admin.token });
    await api(base, `/api/invitations/${invitation.id}/accept`, { token: admin.token, body: {} });
  }
  const answerers = [owner.token, ...coAdmins.map((a) => a.token)];
  await Promise.all(
    answerers.map(async (token, a) => {
      for (const id of questions.slice(a * 20, a * 20 + 20)) await answerWithVideo(base, token, id, ANSWER);
    }),
  );
  return { lectureId: owner.lectureId, courseId: owner.courseId, students };
}

function get(agent, url, token, etag) {
  const headers = { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) };
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, etag: res.headers.etag }));
      res.on('error', () => resolve({ status: 0, bytes }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0 }));
  });
}

/**
 * Every student polls every 7 s from a random phase, sending the ETag of its last answer; nothing waits for
 * an answer before the next send.
 */
export async function openLoop(url, tokens, seconds = POLL_SECONDS, sockets = tokens.length, etags = []) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const latencies = [];
  const statuses = new Map();
  let bytes = 0;
  const inflight = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const timers = tokens.map((token, i) => {
    let etag = etags[i];
    const fire = (planned) => {
      if (planned >= end) return;
      inflight.push(
        get(agent, url, token, etag).then((r) => {
          latencies.push(performance.now() - planned);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          bytes += r.bytes;
          if (r.status === 200) etag = r.etag;
        }),
      );
      const next = planned + POLL_MS;
      setTimeout(() => fire(next), Math.max(0, next - performance.now()));
    };
    const first = started + Math.random() * POLL_MS;
    return setTimeout(() => fire(first), first - started);
  });
  await new Promise((r) => setTimeout(r, seconds * 1000 + 50));
  timers.forEach(clearTimeout);
  await Promise.all(inflight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  // Until the last answer: a server that falls behind drains its queue after the schedule ends.
  const elapsed = (performance.now() - started) / 1000;
  return { count: latencies.length, elapsed, latencies, statuses, bytes };
}

/** Back-to-back requests on `connections` sockets; tokens rotate so per-user limits are never the cap. */
async function ceiling(url, tokens, connections = 32) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let done = 0;
  let failed = 0;
  let n = 0;
  const until = performance.now() + CEILING_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const r = await get(agent, url, tokens[n++ % tokens.length]);
        if (r.status === 200) done += 1;
        else failed += 1;
      }
    }),
  );
  agent.destroy();
  return { reqPerSec: done / ((performance.now() - started) / 1000), failed };
}

// A bare Fastify route that sends the given JSON file from memory, in its own process like Lectern.
const MEMORY_SERVER = `
import fs from 'node:fs';
import Fastify from 'fastify';
const [port, file] = process.argv.slice(1);
const body = fs.readFileSync(file, 'utf8');
const app = Fastify();
app.get('/questions', (req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
`;

async function startMemoryServer(jsonFile) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', MEMORY_SERVER, String(port), jsonFile],
    {
      cwd: path.join(ROOT, 'server'),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`memory server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/questions`, stop: () => child.kill('SIGTERM') };
}

function summary(open, planned) {
  const count = (status) => open.statuses.get(status) ?? 0;
  const tooMany = count(429);
  const errors = open.count - count(200) - count(304) - tooMany;
  const notModified = open.count ? count(304) / open.count : 0;
  return {
    tooMany,
    errors,
    notModified,
    p50: pct(open.latencies, 0.5),
    p99: pct(open.latencies, 0.99),
    line:
      `${fmt(open.count / open.elapsed)} req/s (planned ${fmt(planned)}; all answered after ${fmt(open.elapsed, 0)} s), ` +
      `p50 ${pct(open.latencies, 0.5)} ms, p99 ${pct(open.latencies, 0.99)} ms, max ${Math.round(open.latencies.at(-1) ?? 0)} ms, ` +
      `errors ${errors}, 429s ${tooMany}, 304s ${fmt(notModified * 100, 1)}%, ${fmt(open.bytes / 1024 / 1024 / open.elapsed, 2)} MiB/s`,
  };
}

/** The class of STUDENTS polling, then the closed-loop ceiling against the same JSON from memory. */
async function pollAndCeiling(label, lectern) {
  const setupStarted = performance.now();
  const seeded = await seedLecture(lectern.url);
  const url = `${lectern.url}/api/questions/lecture-questions/${seeded.lectureId}`;
  const tokens = seeded.students.map((s) => s.token);
  const sample = await fetch(url, { headers: { authorization: `Bearer ${tokens.at(-1)}` } });
  const json = await sample.text();
  console.log(
    `poll on ${label}: ${STUDENTS} students, ${JSON.parse(json).length} answered questions ` +
      `(${(json.length / 1024).toFixed(0)} KiB per answer); setup ${fmt((performance.now() - setupStarted) / 1000, 0)} s`,
  );
  const open = summary(await openLoop(url, tokens), STUDENTS / (POLL_MS / 1000));
  console.log(`  open loop ${POLL_SECONDS} s: ${open.line}`);

  const jsonFile = path.join(tempDir('poll'), 'questions.json');
  fs.writeFileSync(jsonFile, json);
  const memory = await startMemoryServer(jsonFile);
  try {
    const endpoint = await ceiling(url, tokens);
    const bare = await ceiling(memory.url, tokens);
    const ratio = endpoint.reqPerSec / bare.reqPerSec;
    console.log(
      `  ceiling (32 connections, ${CEILING_SECONDS} s, full answers): lecture-questions ${fmt(endpoint.reqPerSec)} req/s` +
        ` | same JSON from memory ${fmt(bare.reqPerSec)} req/s | ratio ${fmt(ratio, 3)}x` +
        (endpoint.failed + bare.failed ? ` (non-200: ${endpoint.failed} / ${bare.failed})` : ''),
    );
    tableRow({
      what: `lecture-questions ceiling, 32 connections, ${(json.length / 1024).toFixed(0)} KiB answers (${label})`,
      ours: `${fmt(endpoint.reqPerSec)} req/s`,
      reference: `${fmt(bare.reqPerSec)} req/s (bare Fastify, same JSON from memory)`,
      ratio,
      aim: '≥ 0.5×',
    });
  } finally {
    memory.stop();
  }
  return { url, courseId: seeded.courseId };
}

/**
 * CLASS students of the same course, seeded in the database, polling every 7 s on PostgreSQL with the ETag
 * of their last answer. They share a few hundred keep-alive connections, as behind the reverse proxy
 * (deploy/nginx) rather than one socket each.
 */
async function largeClass(databaseUrl, { url, courseId }) {
  const seedStarted = performance.now();
  const students = await seedStudents(databaseUrl, courseId, CLASS);
  console.log(`  ${CLASS} more students seeded in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`);
  const tokens = students.map((s) => s.token);
  // A class opens the page over minutes, not in one 7 s window: each student's first full answer is
  // fetched beforehand (32 at a time), and the measured polls are the steady state that follows.
  const warmStarted = performance.now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const etags = new Array(tokens.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let i = next++; i < tokens.length; i = next++) etags[i] = (await get(agent, url, tokens[i])).etag;
    }),
  );
  agent.destroy();
  console.log(`  first answers fetched in ${fmt((performance.now() - warmStarted) / 1000, 0)} s`);
  const open = summary(await openLoop(url, tokens, CLASS_SECONDS, 512, etags), CLASS / (POLL_MS / 1000));
  console.log(`  open loop, ${CLASS} students, ${CLASS_SECONDS} s: ${open.line}`);
  tableRow({
    what: `${CLASS} students polling every 7 s (PostgreSQL), p99`,
    ours: `${open.p99} ms (p50 ${open.p50} ms, errors ${open.errors}, 429s ${open.tooMany}, ${fmt(open.notModified * 100, 1)}% 304)`,
    aim: 'p99 < 50 ms, no errors or 429s',
  });
}

export async function run() {
  const embedded = !process.env.DATABASE_URL;
  const lectern = await startLectern();
  try {
    await pollAndCeiling(embedded ? 'PGlite' : 'PostgreSQL', lectern);
  } finally {
    await lectern.stop();
  }
  const database = await freshDatabase(POSTGRES_ADMIN_URL, 'poll');
  const onPostgres = await startLectern({ DATABASE_URL: database.url });
  try {
    await largeClass(database.url, await pollAndCeiling('PostgreSQL', onPostgres));
  } finally {
    await onPostgres.stop();
    await database.drop();
  }
}
