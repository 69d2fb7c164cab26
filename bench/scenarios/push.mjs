// The events stream under a full lecture (issue #8): STUDENTS students of one lecture each hold
// GET /api/events open, plus their instructor. Prints the delay from posting a question to its event on
// the instructor's stream (p50, p99), from posting an answer to its event on every student's stream
// (p50, p99, max), and the server's memory per idle stream. Then the event-write cost with every stream
// still open: BENCH_PUSH_WRITERS students at once post questions in a closed loop (each write emits an
// event that every stream's filter weighs) and it prints writes per second and their latency.
// Knobs: BENCH_STUDENTS (2000), BENCH_PUSH_QUESTIONS (40), BENCH_PUSH_ANSWERS (5), BENCH_PUSH_WRITERS
// (8; 0 skips the write phase), BENCH_PUSH_WRITE_SECONDS (10).
// Set DATABASE_URL to run Lectern on PostgreSQL instead of PGlite.
import http from 'node:http';
import path from 'node:path';
import {
  answerWithVideo,
  api,
  instructorWithLecture,
  joinAll,
  signupMany,
  signupNetwork,
  youtubeVideo,
} from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { ROOT, rssMb, startLectern } from '../lib/server.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_PUSH_QUESTIONS ?? 40);
const ANSWERS = Number(process.env.BENCH_PUSH_ANSWERS ?? 5);
const WRITERS = Number(process.env.BENCH_PUSH_WRITERS ?? 8);
const WRITE_SECONDS = Number(process.env.BENCH_PUSH_WRITE_SECONDS ?? 10);
const ANSWER = path.join(ROOT, 'test-media/answer-4s.mp4');

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One SSE reader: calls onEvent(type, data, arrivedAt) for each event. `address` names the reader's network
 * as a proxy would: more streams than a campus NAT's cap (1,500) from one address are refused with 429.
 */
function openStream(base, token, onEvent, address = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': address };
    const req = http.get(`${base}/api/events`, { headers }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const arrivedAt = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) onEvent(type, JSON.parse(data), arrivedAt);
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

async function waitUntil(check, timeoutMs) {
  const until = performance.now() + timeoutMs;
  while (!check() && performance.now() < until) await sleep(20);
}

/**
 * WRITERS concurrent writers, each posting questions one after another for WRITE_SECONDS, as students
 * taken in turn (a student posts a few questions a minute at most): writes per second and latency.
 */
async function eventWrites(base, students, videoId) {
  const latencies = [];
  let next = QUESTIONS; // the students who asked before have used part of their minute
  const until = performance.now() + WRITE_SECONDS * 1000;
  const writer = async () => {
    while (performance.now() < until) {
      const student = students[next++ % students.length];
      const sent = performance.now();
      await api(base, '/api/questions', {
        token: student.token,
        body: { question: `Write bench question ${next}: how?`, videoId, time: next % 600, live: false },
      });
      latencies.push(performance.now() - sent);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `  event writes, ${WRITERS} writers with ${STUDENTS + 1} streams open (${latencies.length} in ${fmt(seconds, 1)} s): ` +
      `${fmt(latencies.length / seconds, 0)} writes/s, p50 ${fmt(pct(latencies, 0.5), 1)} ms, p99 ${fmt(pct(latencies, 0.99), 1)} ms`,
  );
}

export async function run() {
  const lectern = await startLectern({ TRUST_PROXY: '127.0.0.1' });
  const closers = [];
  try {
    const setupStarted = performance.now();
    const owner = await instructorWithLecture(lectern.url);
    const video = await youtubeVideo(lectern.url, owner, 'Push bench video');
    const students = await signupMany(lectern.url, STUDENTS, 'Student');
    await joinAll(lectern.url, students, owner.courseId);
    console.log(
      `push: ${STUDENTS} student streams + 1 instructor, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ` +
        `setup ${fmt((performance.now() - setupStarted) / 1000, 0)} s`,
    );

    // Arrival times by question id: the instructor's question.asked, every student's question.answered.
    const asked = new Map();
    const answered = new Map();
    closers.push(
      await openStream(lectern.url, owner.token, (type, data, at) => {
        if (type === 'question.asked') asked.set(data.questionId, at);
      }),
    );
    // Memory per stream is the marginal cost: a first tenth of the streams warms the code paths and
    // lets the setup's garbage go, then the rest are opened between two readings.
    const openStudentStreams = async (group) => {
      for (let i = 0; i < group.length; i += 100) {
        closers.push(
          ...(await Promise.all(
            group.slice(i, i + 100).map((s) =>
              openStream(
                lectern.url,
                s.token,
                (type, data, at) => {
                  if (type !== 'question.answered') return;
                  const arrivals = answered.get(data.questionId) ?? [];
                  arrivals.push(at);
                  answered.set(data.questionId, arrivals);
                },
                signupNetwork(students.indexOf(s)),
              ),
            ),
          )),
        );
      }
    };
    const warmUp = Math.ceil(STUDENTS / 10);
    await openStudentStreams(students.slice(0, warmUp));
    await sleep(3000);
    const rssBefore = rssMb(lectern.pid);
    await openStudentStreams(students.slice(warmUp));
    await sleep(3000);
    const perStreamKb = ((rssMb(lectern.pid) - rssBefore) * 1024) / (STUDENTS - warmUp);

    const toInstructor = [];
    const questionIds = [];
    for (let i = 0; i < QUESTIONS; i++) {
      const sent = performance.now();
      const q = await api(lectern.url, '/api/questions', {
        token: students[i % students.length].token,
        body: { question: `Push bench question ${i}: why?`, videoId: video.id, time: i, live: false },
      });
      await waitUntil(() => asked.has(q.id), 10_000);
      toInstructor.push(asked.has(q.id) ? asked.get(q.id) - sent : Infinity);
      questionIds.push(q.id);
      await sleep(50);
    }
    toInstructor.sort((a, b) => a - b);
    console.log(
      `  question → instructor (${QUESTIONS}): p50 ${fmt(pct(toInstructor, 0.5), 1)} ms, p99 ${fmt(pct(toInstructor, 0.99), 1)} ms (aim p99 < 100 ms)`,
    );

    const fanOut = [];
    let missing = 0;
    for (const id of questionIds.slice(0, ANSWERS)) {
      const sent = performance.now();
      await answerWithVideo(lectern.url, owner.token, id, ANSWER);
      await waitUntil(() => (answered.get(id)?.length ?? 0) >= STUDENTS, 15_000);
      const arrivals = answered.get(id) ?? [];
      missing += STUDENTS - arrivals.length;
      fanOut.push(...arrivals.map((at) => at - sent));
    }
    fanOut.sort((a, b) => a - b);
    console.log(
      `  answer → ${STUDENTS} students (${ANSWERS} answers, ${fanOut.length} deliveries): p50 ${fmt(pct(fanOut, 0.5), 0)} ms, ` +
        `p99 ${fmt(pct(fanOut, 0.99), 0)} ms, max ${fmt(fanOut.at(-1) ?? NaN, 0)} ms, missing ${missing} (aim p99 < 1000 ms)`,
    );
    console.log(`  memory per idle stream: ${fmt(perStreamKb, 1)} KB (aim < 20 KB)`);
    if (WRITERS > 0) await eventWrites(lectern.url, students, video.id);
  } finally {
    for (const close of closers) close();
    await lectern.stop();
  }
}
