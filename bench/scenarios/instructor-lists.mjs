// Bounded instructor lists (issue 14) on PostgreSQL: Action Items (GET /api/questions/user-courses-questions)
// and course questions (GET /api/questions/with-response) of one instructor's course holding 100 unanswered
// and 100 answered questions, in a database of 1,500 and of 150,000 questions, the others spread over
// courses of another instructor (two lectures of one video each, 50 questions a video) and either all
// answered ("100 unanswered") or all unanswered ("all unanswered"). Each database is seeded by SQL
// (generate_series, server/test/bulk-questions.sql); each list is read at c=8 for BENCH_SECONDS after a 1 s
// warm-up, by the instructor and 15 co-admins in turn (a user may send 600 requests a minute). Prints
// p50/p99, errors and the ratio of p99 at 150,000 to p99 at 1,500.
// PostgreSQL: a fresh database lectern_bench_lists on the server of BENCH_DATABASE_URL, else on
// 127.0.0.1:5432 as postgres.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { bulkQuestionsSql } from '../../server/test/bulk-questions.mjs';
import { fmt } from '../lib/load.mjs';
import { signupMany } from '../lib/api.mjs';
import { startLectern } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';
import { POSTGRES_ADMIN_URL, freshDatabase } from '../lib/postgres.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;
const READERS = 16;
const PER_VIDEO = 50;
const SIZES = [1_500, 150_000];
const VARIANTS = [
  { name: '100 unanswered', answeredEvery: 1 },
  { name: 'all unanswered', answeredEvery: 0 },
];

/** The instructor's course (and co-admins), the other questions, and the statistics, straight by SQL. */
async function seed(url, { readers, other, size, answeredEvery }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const response = randomUUID();
  const [pat, ...coAdmins] = readers;
  const worlds = [
    { owner: pat.id, tag: 'mine', courses: 1, perVideo: 100, answeredEvery: 2, response },
    {
      owner: other.id,
      tag: 'bulk',
      courses: (size - 200) / (2 * PER_VIDEO),
      perVideo: PER_VIDEO,
      answeredEvery,
      response,
    },
  ];
  const started = performance.now();
  for (const values of worlds)
    for (const statement of bulkQuestionsSql(values)) await client.query(statement);
  const { rows } = await client.query(`select id from courses where description = 'mine'`);
  const courseId = rows[0].id;
  for (const admin of coAdmins)
    await client.query('insert into course_admins (course_id, user_id) values ($1, $2)', [
      courseId,
      admin.id,
    ]);
  // Settled as a long-lived database would be: visibility map set, dirty pages written out.
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  const counts = await client.query(
    'select count(*)::int as total, count(*) filter (where response_id is null)::int as open from questions',
  );
  await client.end();
  return { courseId, ...counts.rows[0], seconds: (performance.now() - started) / 1000 };
}

/** `connections` clients, back to back for `seconds`, each request for the next of `targets` ({ url, token }). */
async function measure(targets, { seconds = SECONDS, connections = CONNECTIONS } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = new Map();
  let bytes = 0;
  let turn = 0;
  const once = ({ url, token }) =>
    new Promise((resolve) => {
      const started = performance.now();
      const done = (status) => {
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        resolve();
      };
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => done(res.statusCode));
        res.on('error', () => done(0));
      });
      req.on('error', () => done(0));
    });
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once(targets[turn++ % targets.length]);
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const errors = latencies.length - (statuses.get(200) ?? 0);
  return { requests: latencies.length, p50: pct(0.5), p99: pct(0.99), errors, statuses, bytes };
}

async function world(size, variant) {
  const database = await freshDatabase(POSTGRES_ADMIN_URL, 'lists');
  const { url } = database;
  const server = await startLectern({ DATABASE_URL: url, TRUST_PROXY: '127.0.0.1' });
  try {
    const readers = await signupMany(server.url, READERS, 'Instructor');
    const [other] = await signupMany(server.url, 1, 'Other instructor');
    const seeded = await seed(url, { readers, other, size, answeredEvery: variant.answeredEvery });
    console.log(
      `  ${size.toLocaleString('en')} questions, ${variant.name}: ${seeded.total.toLocaleString('en')} seeded` +
        ` (${seeded.open.toLocaleString('en')} unanswered) in ${fmt(seeded.seconds)} s`,
    );
    const lists = {
      'Action Items': readers.map((r) => ({
        url: `${server.url}/api/questions/user-courses-questions/${r.id}`,
        token: r.token,
      })),
      'course questions': readers.map((r) => ({
        url: `${server.url}/api/questions/with-response/${seeded.courseId}`,
        token: r.token,
      })),
      // Not a headline, one client (one user's rate limit): the instructor of every other course (up to
      // 1,498 of them), whose first page walks their courses until it is full.
      'Action Items of the other instructor, c=1': [
        { url: `${server.url}/api/questions/user-courses-questions/${other.id}`, token: other.token },
      ],
    };
    const results = {};
    for (const [list, targets] of Object.entries(lists)) {
      const connections = targets.length === 1 ? 1 : CONNECTIONS;
      await measure(targets, { seconds: 1, connections }); // warm-up: first requests compile, fill caches
      const r = await measure(targets, { connections });
      results[list] = r;
      console.log(
        `    ${list}: ${r.requests} requests, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ` +
          `${fmt(r.bytes / r.requests / 1024)} KiB each, errors ${r.errors}` +
          (r.errors ? ` (${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(', ')})` : ''),
      );
    }
    return results;
  } finally {
    await server.stop();
    await database.drop();
  }
}

export async function run() {
  for (const variant of VARIANTS) {
    const [small, large] = [await world(SIZES[0], variant), await world(SIZES[1], variant)];
    for (const list of ['Action Items', 'course questions']) {
      const [s, l] = [small[list], large[list]];
      tableRow({
        what: `${list} p99 at c=${CONNECTIONS}, 150,000 vs 1,500 questions (${variant.name}; errors ${s.errors + l.errors})`,
        ours: `${fmt(l.p99)} ms`,
        reference: `${fmt(s.p99)} ms`,
        ratio: l.p99 / s.p99,
        aim: '≤ 2×, p99 < 100 ms, no error',
      });
    }
  }
}
