// The 7 s poll of a lecture's questions (SPEC §9, SECURITY §4): a lecture with 200 answered questions,
// 500 students with their own tokens behind one IP, each polling GET /api/questions/lecture-questions/{id}
// every 7 s on an open-loop schedule (latency counted from the planned send time, so a slow server cannot
// hide its queue). Prints req/s, p50/p99, errors and 429s; then the endpoint's closed-loop ceiling as a
// ratio of a bare Fastify route sending the same JSON from memory.
// Knobs: BENCH_POLL_SECONDS (open-loop phase, 45), BENCH_STUDENTS (500), BENCH_SECONDS (ceiling runs, 10).
// Set DATABASE_URL to run Lectern on PostgreSQL instead of PGlite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { answerWithVideo, api, instructorWithLecture, joinAll, signupMany } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { ROOT, freePort, startLectern, tempDir } from '../lib/server.mjs';

const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 45);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const CEILING_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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
  for (const admin of coAdmins)
    await api(base, '/api/courses/add-admin', {
      token: owner.token,
      body: { courseId: owner.courseId, adminId: admin.id },
    });
  const answerers = [owner.token, ...coAdmins.map((a) => a.token)];
  await Promise.all(
    answerers.map(async (token, a) => {
      for (const id of questions.slice(a * 20, a * 20 + 20)) await answerWithVideo(base, token, id, ANSWER);
    }),
  );
  return { lectureId: owner.lectureId, students };
}

function get(agent, url, token) {
  return new Promise((resolve) => {
    const req = http.get(
      url,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        let bytes = 0;
        res.on('data', (c) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode, bytes }));
        res.on('error', () => resolve({ status: 0, bytes }));
      },
    );
    req.on('error', () => resolve({ status: 0, bytes: 0 }));
  });
}

/** Every student polls every 7 s from a random phase; nothing waits for an answer before the next send. */
export async function openLoop(url, tokens, seconds = POLL_SECONDS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const latencies = [];
  const statuses = new Map();
  let bytes = 0;
  const inflight = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const timers = tokens.map((token) => {
    const fire = (planned) => {
      if (planned >= end) return;
      inflight.push(
        get(agent, url, token).then((r) => {
          latencies.push(performance.now() - planned);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          bytes += r.bytes;
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

export async function run() {
  const lectern = await startLectern();
  let memory;
  try {
    const setupStarted = performance.now();
    const { lectureId, students } = await seedLecture(lectern.url);
    const url = `${lectern.url}/api/questions/lecture-questions/${lectureId}`;
    const tokens = students.map((s) => s.token);
    const sample = await fetch(url, { headers: { authorization: `Bearer ${tokens.at(-1)}` } });
    const json = await sample.text();
    console.log(
      `poll: ${STUDENTS} students, ${JSON.parse(json).length} answered questions (${(json.length / 1024).toFixed(0)} KiB per answer), ` +
        `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; setup ${fmt((performance.now() - setupStarted) / 1000, 0)} s`,
    );

    const open = await openLoop(url, tokens);
    const ok = open.statuses.get(200) ?? 0;
    const tooMany = open.statuses.get(429) ?? 0;
    const errors = open.count - ok - tooMany;
    console.log(
      `  open loop ${POLL_SECONDS} s (all answered after ${fmt(open.elapsed, 0)} s): ${fmt(open.count / open.elapsed)} req/s (planned ${fmt(STUDENTS / (POLL_MS / 1000))}), ` +
        `p50 ${pct(open.latencies, 0.5)} ms, p99 ${pct(open.latencies, 0.99)} ms, max ${Math.round(open.latencies.at(-1) ?? 0)} ms, ` +
        `errors ${errors}, 429s ${tooMany}, ${fmt(open.bytes / 1024 / 1024 / open.elapsed, 2)} MiB/s`,
    );

    const jsonFile = path.join(tempDir('poll'), 'questions.json');
    fs.writeFileSync(jsonFile, json);
    memory = await startMemoryServer(jsonFile);
    const endpoint = await ceiling(url, tokens);
    const bare = await ceiling(memory.url, tokens);
    console.log(
      `  ceiling (32 connections, ${CEILING_SECONDS} s): lecture-questions ${fmt(endpoint.reqPerSec)} req/s` +
        ` | same JSON from memory ${fmt(bare.reqPerSec)} req/s | ratio ${fmt(endpoint.reqPerSec / bare.reqPerSec, 3)}x` +
        (endpoint.failed + bare.failed ? ` (non-200: ${endpoint.failed} / ${bare.failed})` : ''),
    );
  } finally {
    memory?.stop();
    await lectern.stop();
  }
}
