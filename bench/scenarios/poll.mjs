// The 7 s poll of a lecture's questions (SPEC §9, SECURITY §4, issues 14 and 27): a lecture with 200
// answered questions, students with their own tokens behind one IP, each polling GET
// /api/questions/lecture-questions/{id} every 7 s on an open-loop schedule (latency counted from the planned
// send time, so a slow server cannot hide its queue), sending Chromium's Accept-Encoding and the ETag it
// last got, as the web app does. Prints req/s, p50/p99, errors, 429s and the share answered 304. Then the
// endpoint's closed-loop ceiling (32 connections), one row per coding a client may ask for (Chromium's
// `gzip, deflate, br, zstd`, gzip alone, identity) and one for 304s, each beside a bare Fastify app sending
// the very bytes Lectern sent from memory (for 304s: comparing the ETag), in rounds that alternate which
// goes first, with each server's CPU per request. Runs on PGlite, then on PostgreSQL, on the server
// BENCH_DATABASE_URL names (each run creates and drops its own database there), where it adds the
// 10,000-student poll: students seeded straight into the database (bench/lib/seed-students.mjs), polling
// every 7 s (≈1,430 req/s). Knobs: BENCH_POLL_SECONDS (open loop, 45), BENCH_STUDENTS (500), BENCH_SECONDS
// (one ceiling run, 10), BENCH_REPEAT (ceiling rounds, 3), BENCH_CLASS (the large class, 10000; 0 skips
// it), BENCH_CLASS_SECONDS (its open loop, 120), BENCH_POLL_POSTGRES_ONLY=1 (skips the first server).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  answerWithVideo,
  api,
  instructorWithLecture,
  joinAll,
  signupMany,
  youtubeVideo,
} from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { POSTGRES_ADMIN_URL, freshDatabase } from '../lib/postgres.mjs';
import { seedStudents } from '../lib/seed-students.mjs';
import { ROOT, cpuMs, freePort, startLectern } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 45);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const CEILING_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_REPEAT ?? 3);
const CLASS = Number(process.env.BENCH_CLASS ?? 10_000);
const CLASS_SECONDS = Number(process.env.BENCH_CLASS_SECONDS ?? 120);
const QUESTIONS = 200;
const POLL_MS = 7000;
const ANSWER = path.join(ROOT, 'test-media/answer-4s.mp4');
/** What Chromium sends (Node 20 has no zstd, so Lectern answers it with Brotli). */
const CHROMIUM = 'gzip, deflate, br, zstd';

const pct = (sorted, p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

/**
 * A lecture holding one video with 200 answered questions. Rate limits shape the setup: a user may ask
 * 10 questions a minute and upload 20 answers an hour (SECURITY RL-4), so 20 students ask and 10 admins
 * answer.
 */
export async function seedLecture(base) {
  const owner = await instructorWithLecture(base);
  const video = await youtubeVideo(base, owner, 'Bench video');
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

function get(agent, url, token, headers = {}) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, etag: res.headers.etag }));
      res.on('error', () => resolve({ status: 0, bytes }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0 }));
  });
}

const polled = (etag) => ({ 'accept-encoding': CHROMIUM, ...(etag ? { 'if-none-match': etag } : {}) });

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
        get(agent, url, token, polled(etag)).then((r) => {
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

/**
 * Back-to-back requests on `connections` sockets for CEILING_SECONDS; caller i rotates through the tokens
 * with `headersOf(i)`, so per-user limits are never the cap. Counts answers of `status`, and the CPU the
 * server `pid` spent per request.
 */
async function ceiling({ url, pid, status }, tokens, headersOf, connections = 32) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let done = 0;
  let failed = 0;
  const unexpected = new Map();
  let n = 0;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const until = started + CEILING_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const i = n++ % tokens.length;
        const r = await get(agent, url, tokens[i], headersOf(i));
        if (r.status === status) done += 1;
        else {
          failed += 1;
          unexpected.set(r.status, (unexpected.get(r.status) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    reqPerSec: done / elapsed,
    cpuMsPerReq: (cpuMs(pid) - cpuBefore) / (done + failed),
    failed,
    unexpected,
  };
}

// A bare Fastify app in its own process, like Lectern: GET /<name> sends the bytes of <dir>/<name> from
// memory with the headers in <dir>/<name>.json; with a matching If-None-Match it answers 304 instead.
const MEMORY_SERVER = `
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
const [port, dir] = process.argv.slice(1);
const app = Fastify();
for (const file of fs.readdirSync(dir).filter((f) => !f.endsWith('.json'))) {
  const body = fs.readFileSync(path.join(dir, file));
  const headers = JSON.parse(fs.readFileSync(path.join(dir, file + '.json'), 'utf8'));
  app.get('/' + file, (req, reply) =>
    req.headers['if-none-match'] === headers.etag
      ? reply.code(304).header('etag', headers.etag).send()
      : reply.headers(headers).send(body),
  );
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
`;

async function startMemoryServer(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', MEMORY_SERVER, String(port), dir], {
    cwd: path.join(ROOT, 'server'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`memory server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** What the ceiling asks, one row each: the codings a client may ask for, then revalidation. */
const CEILING_ROWS = [
  { name: 'br', what: `Accept-Encoding: ${CHROMIUM} (Chromium), Brotli`, acceptEncoding: CHROMIUM },
  { name: 'gzip', what: 'Accept-Encoding: gzip, deflate (gzip)', acceptEncoding: 'gzip, deflate' },
  { name: 'identity', what: 'Accept-Encoding: identity', acceptEncoding: 'identity' },
  { name: 'not-modified', what: `304s (If-None-Match, ${CHROMIUM})`, acceptEncoding: CHROMIUM },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * For each row, Lectern's answer as a common student gets it, written for the bare app with the headers it
 * came with; each token's ETag for the 304 row.
 */
async function sampleAnswers(url, tokens, dir) {
  for (const row of CEILING_ROWS.filter((r) => r.name !== 'not-modified')) {
    const res = await new Promise((resolve, reject) =>
      http
        .get(url, {
          headers: { authorization: `Bearer ${tokens.at(-1)}`, 'accept-encoding': row.acceptEncoding },
        })
        .on('response', resolve)
        .on('error', reject),
    );
    const chunks = [];
    for await (const chunk of res) chunks.push(chunk);
    const encoding = res.headers['content-encoding'];
    fs.writeFileSync(path.join(dir, row.name), Buffer.concat(chunks));
    fs.writeFileSync(
      path.join(dir, `${row.name}.json`),
      JSON.stringify({
        'content-type': res.headers['content-type'],
        ...(encoding ? { 'content-encoding': encoding } : {}),
        etag: res.headers.etag,
      }),
    );
  }
  fs.copyFileSync(path.join(dir, 'identity'), path.join(dir, 'not-modified'));
  fs.copyFileSync(path.join(dir, 'identity.json'), path.join(dir, 'not-modified.json'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const etags = await Promise.all(tokens.map(async (token) => (await get(agent, url, token, polled())).etag));
  agent.destroy();
  return etags;
}

/**
 * The ceiling rows: ROUNDS rounds, each running every row on Lectern and on the bare app back to back,
 * which of the two first alternating by round; the ratio is the median of the rounds' ratios.
 */
async function ceilingRows(label, lectern, url, tokens, kib) {
  const dir = fs.mkdtempSync(path.join(lectern.dataDir, 'answers-'));
  const etags = await sampleAnswers(url, tokens, dir);
  const bareEtag = JSON.parse(fs.readFileSync(path.join(dir, 'identity.json'), 'utf8')).etag;
  const memory = await startMemoryServer(dir);
  const runs = new Map(CEILING_ROWS.map((row) => [row.name, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const row of CEILING_ROWS) {
        const revalidating = row.name === 'not-modified';
        const status = revalidating ? 304 : 200;
        const ours = () =>
          ceiling({ url, pid: lectern.pid, status }, tokens, (i) => ({
            'accept-encoding': row.acceptEncoding,
            ...(revalidating ? { 'if-none-match': etags[i] } : {}),
          }));
        const bare = () =>
          ceiling({ url: `${memory.url}/${row.name}`, pid: memory.pid, status }, tokens, () => ({
            'accept-encoding': row.acceptEncoding,
            ...(revalidating ? { 'if-none-match': bareEtag } : {}),
          }));
        // Which goes first alternates, so neither always meets the machine as the other left it.
        const pair = {};
        if (round % 2 === 0) [pair.ours, pair.bare] = [await ours(), await bare()];
        else [pair.bare, pair.ours] = [await bare(), await ours()];
        runs.get(row.name).push(pair);
      }
    }
  } finally {
    memory.stop();
  }
  for (const row of CEILING_ROWS) {
    const pairs = runs.get(row.name);
    const ratios = pairs.map((p) => p.ours.reqPerSec / p.bare.reqPerSec);
    const figure = (side) =>
      `${fmt(median(pairs.map((p) => p[side].reqPerSec)), 0)} req/s, ` +
      `${fmt(median(pairs.map((p) => p[side].cpuMsPerReq)), 3)} ms CPU/req`;
    const failed = pairs.reduce((sum, p) => sum + p.ours.failed + p.bare.failed, 0);
    const byStatus = new Map();
    for (const p of pairs)
      for (const [code, count] of [...p.ours.unexpected, ...p.bare.unexpected])
        byStatus.set(code, (byStatus.get(code) ?? 0) + count);
    const statuses = [...byStatus].map(([code, count]) => `${count}× ${code}`).join(', ');
    console.log(
      `  ${row.what}: rounds ${pairs.map((p) => `${fmt(p.ours.reqPerSec, 0)}/${fmt(p.bare.reqPerSec, 0)}`).join(', ')} req/s` +
        ` | CPU/req ${pairs.map((p) => `${fmt(p.ours.cpuMsPerReq, 3)}/${fmt(p.bare.cpuMsPerReq, 3)}`).join(', ')} ms` +
        ` | ratios ${ratios.map((r) => fmt(r, 2)).join(', ')}` +
        (failed ? ` | unexpected statuses ${failed} (${statuses})` : ''),
    );
    tableRow({
      what: `lecture-questions ceiling, ${row.what}, ${kib} KiB answers, 32 connections (${label})`,
      ours: figure('ours'),
      reference: `${figure('bare')} (bare Fastify, same bytes from memory)`,
      ratio: median(ratios),
      aim: row.name === 'identity' ? 'no worse than before (0.60–0.88×)' : '≥ 0.5×',
    });
  }
}

/** The class of STUDENTS polling, then the ceiling rows against the same bytes from memory. */
async function pollAndCeiling(label, lectern) {
  const setupStarted = performance.now();
  const seeded = await seedLecture(lectern.url);
  const url = `${lectern.url}/api/questions/lecture-questions/${seeded.lectureId}`;
  const tokens = seeded.students.map((s) => s.token);
  const sample = await fetch(url, { headers: { authorization: `Bearer ${tokens.at(-1)}` } });
  const json = await sample.text();
  const kib = (json.length / 1024).toFixed(0);
  console.log(
    `poll on ${label}: ${STUDENTS} students, ${JSON.parse(json).length} answered questions ` +
      `(${kib} KiB per answer); setup ${fmt((performance.now() - setupStarted) / 1000, 0)} s`,
  );
  const open = summary(await openLoop(url, tokens), STUDENTS / (POLL_MS / 1000));
  console.log(`  open loop ${POLL_SECONDS} s: ${open.line}`);
  await ceilingRows(label, lectern, url, tokens, kib);
  return { url, courseId: seeded.courseId };
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
      for (let i = next++; i < tokens.length; i = next++)
        etags[i] = (await get(agent, url, tokens[i], polled())).etag;
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
  if (process.env.BENCH_POLL_POSTGRES_ONLY !== '1') {
    const embedded = !process.env.DATABASE_URL;
    const lectern = await startLectern();
    try {
      await pollAndCeiling(embedded ? 'PGlite' : 'PostgreSQL', lectern);
    } finally {
      await lectern.stop();
    }
  }
  const database = await freshDatabase(POSTGRES_ADMIN_URL, 'poll');
  const onPostgres = await startLectern({ DATABASE_URL: database.url });
  try {
    const seeded = await pollAndCeiling('PostgreSQL', onPostgres);
    if (CLASS > 0) await largeClass(database.url, seeded);
  } finally {
    await onPostgres.stop();
    await database.drop();
  }
}
