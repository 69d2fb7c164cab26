// Usage reports over a long history (issue 14), on PostgreSQL: 500 students of the course on an hour-long
// video, 200 events each (100,000), then 2,000 each (1,000,000), written straight into usage_events in
// multi-student statements. Its trigger keeps the rollups, as it does for the app's own inserts, so the
// seeding rate is also the rollups' insert cost. Then GET …/student-activity and …/engagement?bin=5 one at
// a time, p50 and p99: their cost should follow the number of students, not of events.
import pg from 'pg';
import { fmt } from './load.mjs';
import { POSTGRES_ADMIN_URL, freshDatabase } from './postgres.mjs';
import { startLectern } from './server.mjs';
import { tableRow } from './table.mjs';

const STUDENTS = 500;
const DURATION_SECONDS = 3600;
const STEPS = [200, 2000]; // events per student after each step
const STUDENTS_PER_STATEMENT = 25;
const RUNS = Number(process.env.BENCH_USAGE_RUNS ?? 100);
const AIM = 'p99 < 100 ms';

const count = (n) => n.toLocaleString('en');
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The course's students, written directly (signing 500 up through argon2 takes minutes). */
async function seedStudents(client, courseId) {
  await client.query(
    `with s as (
       insert into users (name, email, password_hash)
       select 'History student ' || n, 'history-' || n || '-' || $1::text || '@bench.lectern', 'not a hash'
       from generate_series(1, $2::int) n returning id)
     insert into course_members (course_id, user_id) select $1::uuid, id from s`,
    [courseId, STUDENTS],
  );
}

/**
 * Events [from, to) of every student, 10 s apart, ending now: a play, a progress report of the 9 s played
 * since, a play where it stopped, and so on around the video; a switch to 1.5× and a seek two minutes back
 * every tenth event.
 */
async function seedEvents(client, ids, from, to) {
  const started = performance.now();
  const firstAt = Date.now() - STEPS.at(-1) * 10_000;
  for (let k0 = 0; k0 < STUDENTS; k0 += STUDENTS_PER_STATEMENT) {
    await client.query(
      `insert into usage_events (user_id, video_id, course_id, lecture_id, action, video_time, from_time, rate,
         created_at)
       select m.user_id, $1, $2, $3,
         case when e % 10 = 9 then 'videoSeekedLecture' when e % 10 = 4 then 'videoRateChangeLecture'
              when e % 2 = 0 then 'videoPlayLecture' else 'videoProgressLecture' end,
         greatest(((e + 1) / 2 * 9 + m.k * 37) % $4 - case when e % 10 = 9 then 120 else 0 end, 0)::real,
         case when e % 2 = 1 and e % 10 <> 9 and ((e + 1) / 2 * 9 + m.k * 37) % $4 >= 9
           then (((e + 1) / 2 * 9 + m.k * 37) % $4 - 9)::real end,
         case when e % 10 = 4 then 1.5 end,
         to_timestamp($5::float8 / 1000) + e * interval '10 seconds' + m.k * interval '1 millisecond'
       from (select user_id, row_number() over (order by user_id) as k from course_members where course_id = $2
             order by user_id offset $6 limit $7) m,
         generate_series($8::int, $9::int - 1) e`,
      [
        ids.videoId,
        ids.courseId,
        ids.lectureId,
        DURATION_SECONDS,
        firstAt,
        k0,
        STUDENTS_PER_STATEMENT,
        from,
        to,
      ],
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const events = (to - from) * STUDENTS;
  console.log(
    `    seeded ${count(events)} events in ${fmt(seconds, 0)} s: ${count(Math.round(events / seconds))} events/s with rollups`,
  );
}

async function latencies(url, token) {
  const headers = { authorization: `Bearer ${token}` };
  const times = [];
  for (let i = 0; i < RUNS + 5; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 5) times.push(performance.now() - started); // after warming up
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
}

const label = (t) => `p50 ${fmt(t.p50, 1)} ms, p99 ${fmt(t.p99, 1)} ms`;

export async function reportsOverHistory({ instructorWithVideo }) {
  const database = await freshDatabase(POSTGRES_ADMIN_URL, 'usage');
  const { url } = database;
  const lectern = await startLectern({ DATABASE_URL: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = await instructorWithVideo(lectern.url);
    await client.query('update videos set duration_seconds = $2 where id = $1', [
      ids.videoId,
      DURATION_SECONDS,
    ]);
    await seedStudents(client, ids.courseId);
    const reports = {
      'student activity': `${lectern.url}/api/admin/logs/video/${ids.videoId}/student-activity`,
      engagement: `${lectern.url}/api/admin/logs/video/${ids.videoId}/engagement?bin=5`,
    };
    console.log(
      `  history: PostgreSQL, ${STUDENTS} students, ${DURATION_SECONDS} s video, ${RUNS} requests a report`,
    );
    const first = {};
    let from = 0;
    for (const perStudent of STEPS) {
      await seedEvents(client, ids, from, perStudent);
      from = perStudent;
      const events = count(perStudent * STUDENTS);
      for (const [name, reportUrl] of Object.entries(reports)) {
        const t = await latencies(reportUrl, ids.token);
        const base = first[name];
        first[name] ??= t;
        tableRow({
          what: `usage ${name} at ${events} events (PostgreSQL, ${STUDENTS} students)`,
          ours: label(t),
          ...(base
            ? { reference: `${label(base)} at ${count(STEPS[0] * STUDENTS)}`, ratio: t.p99 / base.p99 }
            : {}),
          aim: AIM,
        });
      }
    }
  } finally {
    await client.end();
    await lectern.stop();
    await database.drop();
  }
}
