// Course search over transcripts (issue 13): 200 lectures × 60 minutes of generated captions (one cue per
// 4 s, ~900 cues and ~10,000 words per lecture) in one course on PostgreSQL, uploaded through the API.
// Then GET /api/courses/:id/search one request at a time, for query shapes a student types: a rare word, a
// mid-frequency word, two words, a quoted phrase, and a word found in most cues. Prints p50/p99 per shape.
// PostgreSQL: DATABASE_URL, or a fresh database lectern_bench_search on 127.0.0.1:5432 as postgres.
// Knobs: BENCH_SEARCH_LECTURES (200), BENCH_SEARCH_MINUTES (60), BENCH_SEARCH_QUERIES (200 per shape).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { instructorWithLecture } from '../lib/api.mjs';
import { POSTGRES_ADMIN_URL, freshDatabase } from '../lib/postgres.mjs';
import { startLectern } from '../lib/server.mjs';
import { random, transcript, vocabulary, zipf } from '../lib/transcripts.mjs';

const LECTURES = Number(process.env.BENCH_SEARCH_LECTURES ?? 200);
const MINUTES = Number(process.env.BENCH_SEARCH_MINUTES ?? 60);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 200);
const VOCABULARY = 20_000;
const CUE_SECONDS = 4;

/**
 * LECTURES lectures with one YouTube video each (no media files needed) written straight into the database,
 * since the API's per-user limit (600 a minute) would pace their creation; each transcript is uploaded
 * through the API.
 */
async function seed(base, url, ids, corpus) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `with l as (
       insert into lectures (course_id, title, lecture_date, lecture_date_available, lecture_date_start, lecture_date_end)
       select $1, 'Lecture ' || n, now() - (($2 - n) || ' days')::interval, now() - interval '1000 days', now(), now()
       from generate_series(1, $2) n returning id, title),
     v as (
       insert into videos (title, source_type, youtube_url)
       select title, 'youtubeLink', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' from l returning id, title)
     insert into lecture_videos (lecture_id, video_id, position)
     select l.id, v.id, 0 from l join v using (title) returning video_id`,
    [ids.courseId, LECTURES],
  );
  await client.end();
  const started = performance.now();
  for (const { video_id: video } of rows) {
    const res = await fetch(`${base}/api/captions/video/${video}/en?label=English`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ids.token}`, 'content-type': 'text/vtt' },
      body: transcript({ minutes: MINUTES, cueSeconds: CUE_SECONDS, ...corpus }),
    });
    if (!res.ok) throw new Error(`caption upload ${res.status} ${await res.text()}`);
  }
  return (performance.now() - started) / 1000;
}

/** Members who search, in turn, so no one passes the per-user limit of 600 requests a minute. */
async function searchers(base, url, courseId, count) {
  const tokens = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${base}/api/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Searcher ${i}`,
        email: `${randomUUID()}@bench.lectern`,
        password: 'bench password 1',
      }),
    });
    const { id, token } = await res.json();
    await client.query('insert into course_members (course_id, user_id) values ($1, $2)', [courseId, id]);
    tokens.push(token);
  }
  await client.end();
  return tokens;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

let turn = 0;
async function measure(base, ids, label, nextQuery, path = null) {
  const latencies = [];
  let hits = 0;
  for (let i = 0; i < QUERIES; i += 1) {
    const q = encodeURIComponent(nextQuery());
    const token = ids.searchers[turn++ % ids.searchers.length];
    const started = performance.now();
    const res = await fetch(path ? `${base}${path}` : `${base}/api/courses/${ids.courseId}/search?q=${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    latencies.push(performance.now() - started);
    if (!res.ok) throw new Error(`search ${res.status} ${JSON.stringify(body)}`);
    hits += Array.isArray(body) ? body.length : 0;
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(38)} p50 ${pct(latencies, 0.5).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms, ` +
      `max ${latencies.at(-1).toFixed(1)} ms, ${(hits / QUERIES).toFixed(1)} hits/query`,
  );
}

export async function run() {
  const database = await freshDatabase(POSTGRES_ADMIN_URL, 'search');
  const { url } = database;
  const lectern = await startLectern({ DATABASE_URL: url });
  try {
    const rand = random(13);
    const words = vocabulary(VOCABULARY, rand);
    const pick = zipf(VOCABULARY, rand);
    const ids = await instructorWithLecture(lectern.url);
    const seconds = await seed(lectern.url, url, ids, { words, pick, rand });
    ids.searchers = await searchers(lectern.url, url, ids.courseId, 5);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('analyze');
    const { rows } = await client.query('select count(*)::int as n from caption_cues');
    await client.end();
    console.log(
      `search: PostgreSQL, ${LECTURES} lectures × ${MINUTES} min, ${rows[0].n} cues uploaded in ${seconds.toFixed(0)} s, ` +
        `${QUERIES} sequential queries per shape, client and server on the same cores`,
    );
    await measure(lectern.url, ids, 'floor: GET /api/health (select 1)', () => '', '/api/health');
    const q = random(7);
    const wordIn = (from, to) => words[from + Math.floor(q() * (to - from))];
    await measure(lectern.url, ids, 'rare word (rank 5,000-20,000)', () => wordIn(5000, VOCABULARY));
    await measure(lectern.url, ids, 'mid word (rank 500-5,000)', () => wordIn(500, 5000));
    await measure(
      lectern.url,
      ids,
      'two words (rank 100-5,000)',
      () => `${wordIn(100, 5000)} ${wordIn(100, 5000)}`,
    );
    await measure(
      lectern.url,
      ids,
      'quoted phrase (two rank 20-1,000)',
      () => `"${wordIn(20, 1000)} ${wordIn(20, 1000)}"`,
    );
    await measure(lectern.url, ids, 'common word (rank 1-20, most cues)', () => wordIn(0, 20));
  } finally {
    await lectern.stop();
    await database.drop();
  }
}
