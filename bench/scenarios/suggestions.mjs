// Question suggestions while typing (issue 24): GET /api/videos/:id/suggestions at c=8 in a course of
// 1,500 and of 150,000 questions (half of them answered), on PGlite and on PostgreSQL. The course is seeded
// by SQL (server/test/bulk-questions.sql: two released lectures of one video), then its questions get the
// texts of the labelled evaluation set (eval/suggestions/*.json, ~300 questions from four courses) with
// varied openings and endings, so that trigrams and stems spread as in a real course. 64 students (seeded
// sessions, bench/lib/seed-students.mjs) send, in turn, the set's paraphrases, whole or as typed so far
// (the box asks from about 12 characters), at a random moment of the video: each may send 120 a minute.
// Each question keeps the meaning the sentence encoder gives its text, as asking it would have kept; the
// encoder runs here, on each distinct text once (~6,000, about a minute), not timed.
// Prints p50/p99 per size and the growth of p99 from 1,500 to 150,000, and the CPU time Lectern's process
// spent per request, and on PostgreSQL its backends' (load on the machine stretches latency, much less
// this).
// PostgreSQL: a fresh database lectern_bench_suggestions on the server of BENCH_DATABASE_URL, else on
// 127.0.0.1:5432 as postgres. PGlite: the data dir is migrated by a first start, seeded with no server
// holding it, then served. Knobs: BENCH_SECONDS (one measured run, 5), BENCH_SUGGESTION_SIZES (comma list,
// 1500,150000), BENCH_SUGGESTION_DATABASES (pglite,postgres).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { bulkQuestionsSql } from '../../server/test/bulk-questions.mjs';
import { fmt } from '../lib/load.mjs';
import { POSTGRES_ADMIN_URL, freshDatabase } from '../lib/postgres.mjs';
import { seedStudents } from '../lib/seed-students.mjs';
import { ROOT, cpuMs, startLectern, tempDir } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SIZES = (process.env.BENCH_SUGGESTION_SIZES ?? '1500,150000').split(',').map(Number);
const DATABASES = (process.env.BENCH_SUGGESTION_DATABASES ?? 'pglite,postgres').split(',');
const CONNECTIONS = 8;
const STUDENTS = 64;
const VIDEO_SECONDS = 3600;
const KEEP = process.env.BENCH_SUGGESTION_KEEP;

/** The labelled set's questions: all of them become course texts; the paraphrases are what students type. */
function evaluationTexts() {
  const dir = path.join(ROOT, 'eval/suggestions');
  const questions = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).questions);
  return {
    texts: questions.map((q) => q.text),
    paraphrases: questions.filter((q) => q.duplicateOf).map((q) => q.text),
  };
}

const OPENINGS = [
  '',
  '',
  'Quick question: ',
  'Sorry if this is obvious, but ',
  'I am confused here. ',
  'Hi, ',
];
const ENDINGS = ['', '', ' Thanks!', ' (the example on this slide)', ' I did not get it from the reading.'];

/**
 * One course of `size` questions, every other one answered, with realistic texts; its lecture and video,
 * and STUDENTS members with sessions. `client` has `query(text, params)` (pg or PGlite).
 */
async function seed(client, size, texts) {
  const owner = randomUUID();
  await client.query(
    `insert into users (id, name, email, password_hash) values ($1::uuid, 'Bench instructor', $1::text || '@bench.lectern', '!seeded')`,
    [owner],
  );
  const values = {
    owner,
    tag: 'suggest',
    courses: 1,
    perVideo: size / 2,
    answeredEvery: 2,
    response: randomUUID(),
  };
  for (const statement of bulkQuestionsSql(values)) await client.query(statement);
  await client.query(
    `update questions q set question = ($2::text[])[1 + (n.i % cardinality($2::text[]))]
       || ($1::text[])[1 + ((n.i / 7) % cardinality($1::text[]))]
       || ($3::text[])[1 + ((n.i / 11) % cardinality($3::text[]))]
     from (select id, row_number() over (order by id) as i from questions) n where n.id = q.id`,
    [texts, OPENINGS, ENDINGS],
  );
  await keepMeanings(client);
  await client.query('analyze');
  const { rows } = await client.query(
    `select c.id as course, l.id as lecture from courses c join lectures l on l.course_id = c.id
     where c.description = 'suggest' order by l.title limit 1`,
  );
  const { course, lecture } = rows[0];
  const students = await seedStudents(client, course, STUDENTS, 'Suggestion student');
  return { lectureId: lecture, videoId: lecture, students }; // a bulk video shares its lecture's id
}

const { sentenceMeanings } = await tsImport(
  path.join(ROOT, 'server/src/features/suggestions/sentence-meaning.ts'),
  import.meta.url,
);
/** Text → its meaning in hex, kept across the runs' worlds, which share their texts. */
const meaningsInHex = new Map();

/** Every question's kept meaning, as the app writes it when the question is asked. */
async function keepMeanings(client) {
  const { rows } = await client.query('select distinct question from questions');
  const texts = rows.map((r) => r.question);
  const missing = texts.filter((text) => !meaningsInHex.has(text));
  const meanings = await sentenceMeanings(missing);
  missing.forEach((text, i) => meaningsInHex.set(text, Buffer.from(meanings[i]).toString('hex')));
  await client.query(
    `update questions q set meaning = decode(m.hex, 'hex')
     from unnest($1::text[], $2::text[]) m(question, hex) where q.question = m.question`,
    [texts, texts.map((text) => meaningsInHex.get(text))],
  );
}

/** What a student has typed so far: the whole paraphrase, or a part of it of at least 12 characters. */
function typed(paraphrases, i) {
  const text = paraphrases[i % paraphrases.length];
  if (i % 2 === 0) return text;
  const cut = 12 + ((i * 7919) % Math.max(1, text.length - 12));
  return text.slice(0, cut);
}

/** CONNECTIONS clients back to back for `seconds`, each request from the next student with the next text. */
async function measure(base, world, paraphrases, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  const statuses = new Map();
  let suggested = 0;
  let turn = 0;
  const once = () =>
    new Promise((resolve) => {
      const i = turn++;
      const { token } = world.students[i % world.students.length];
      const q = encodeURIComponent(typed(paraphrases, i));
      const t = (i * 613) % VIDEO_SECONDS;
      const url = `${base}/api/videos/${world.videoId}/suggestions?q=${q}&t=${t}&lectureId=${world.lectureId}`;
      const started = performance.now();
      const done = (status, body) => {
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) suggested += JSON.parse(body).length;
        resolve();
      };
      http
        .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => done(res.statusCode, body));
          res.on('error', () => done(0));
        })
        .on('error', () => done(0));
    });
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const ok = statuses.get(200) ?? 0;
  return {
    requests: latencies.length,
    p50: pct(0.5),
    p99: pct(0.99),
    errors: latencies.length - ok,
    statuses,
    perRequest: ok ? suggested / ok : 0,
  };
}

/**
 * CPU ms spent so far by the backends of `url`'s database that Lectern holds open (its pool), by pid: read
 * from /proc, so only for a PostgreSQL on this machine (else null).
 */
async function postgresBackendsCpuMs(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pid from pg_stat_activity where datname = current_database() and application_name = 'lectern-api'`,
    );
    return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** CPU ms the backends spent between two readings of postgresBackendsCpuMs (a new backend from 0). */
const backendsCpuBetween = (before, after) =>
  before && after ? [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0) : null;

/** A served database of `size` questions: PostgreSQL seeded beside the running server, PGlite before it. */
async function world(kind, size, texts) {
  if (kind === 'postgres') {
    const database = await freshDatabase(POSTGRES_ADMIN_URL, 'suggestions');
    const server = await startLectern({ DATABASE_URL: database.url });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const started = performance.now();
      const seeded = await seed(client, size, texts);
      await client.query('vacuum analyze');
      await client.query('checkpoint');
      const backendsCpu = () => postgresBackendsCpuMs(database.url);
      return {
        server,
        seeded,
        seconds: (performance.now() - started) / 1000,
        drop: database.drop,
        backendsCpu,
        kept: database.url,
      };
    } finally {
      await client.end();
    }
  }
  // The run's own temp folder is removed when it ends: a kept data dir goes elsewhere.
  const dataDir = KEEP
    ? fs.mkdtempSync(path.join(path.resolve(KEEP), 'suggestions-'))
    : tempDir('suggestions');
  await (await startLectern({ DATA_DIR: dataDir })).stop(); // migrates the embedded database, then lets go of it
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  const started = performance.now();
  const seeded = await seed(client, size, texts);
  await client.query('vacuum analyze');
  await client.close();
  const seconds = (performance.now() - started) / 1000;
  const server = await startLectern({ DATA_DIR: dataDir });
  return {
    server,
    seeded,
    seconds,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    kept: path.join(dataDir, 'db'),
  };
}

export async function run() {
  const { texts, paraphrases } = evaluationTexts();
  for (const kind of DATABASES) {
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const p99s = [];
    for (const size of SIZES) {
      const { server, seeded, seconds, drop, backendsCpu, kept } = await world(kind, size, texts);
      try {
        console.log(
          `  ${label}, ${size.toLocaleString('en')} questions (half answered) seeded in ${fmt(seconds)} s`,
        );
        await measure(server.url, seeded, paraphrases, 1); // warm-up: first requests compile, fill caches
        const backendsBefore = await backendsCpu?.();
        const cpuBefore = cpuMs(server.pid);
        const r = await measure(server.url, seeded, paraphrases, SECONDS);
        // Lectern's own process (with PGlite, the database too), then PostgreSQL's backends apart.
        const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / r.requests;
        const backendsMs =
          backendsBefore === undefined ? null : backendsCpuBetween(backendsBefore, await backendsCpu());
        const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
        p99s.push(r.p99);
        console.log(
          `    c=${CONNECTIONS}: ${r.requests} requests in ${SECONDS} s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ` +
            `${fmt(r.perRequest)} suggestions a request, errors ${r.errors}, Lectern's CPU ${fmt(cpuPerRequest)} ms a request` +
            (backendsMs === null ? '' : `, PostgreSQL's ${fmt(backendsMs / r.requests)} ms`) +
            `, load average ${load}` +
            (r.errors ? ` (${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(', ')})` : ''),
        );
        tableRow({
          what: `suggestion p99 at c=${CONNECTIONS}, ${size.toLocaleString('en')} questions (${label}; errors ${r.errors})`,
          ours: `${fmt(r.p99)} ms (p50 ${fmt(r.p50)} ms)`,
          aim: 'p99 < 50 ms',
        });
      } finally {
        await server.stop();
        if (KEEP) console.log(`    kept: ${kept}`);
        else await drop();
      }
    }
    if (p99s.length === 2)
      tableRow({
        what: `suggestion p99 growth, ${SIZES[1].toLocaleString('en')} vs ${SIZES[0].toLocaleString('en')} questions (${label})`,
        ours: `${fmt(p99s[1])} ms`,
        reference: `${fmt(p99s[0])} ms`,
        ratio: p99s[1] / p99s[0],
        aim: '≤ 2×',
      });
  }
}
