// Students for large benches, written straight into PostgreSQL: 10,000 signups through the API would take
// most of an hour (argon2 is deliberately slow, and signups are limited per network). Each student gets
// a user row whose password hash matches no password (they cannot log in), a live session whose token
// the bench keeps (stored as its sha256, as the app stores tokens), and a membership of the course.
// Only for a Lectern already started on that database (its migrations ran).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

const BATCH = 2000;
const DAY_MS = 86_400_000;

/**
 * `count` students of `courseId`, as [{ id, token }]. `database`: a PostgreSQL URL, or an open client with
 * `query(text, params)` (pg's, or PGlite's for an embedded data dir no server holds open), left open.
 */
export async function seedStudents(database, courseId, count, label = 'Seeded student') {
  const students = Array.from({ length: count }, () => ({
    id: randomUUID(),
    token: randomBytes(32).toString('base64url'),
  }));
  const owned = typeof database === 'string';
  const client = owned ? new pg.Client({ connectionString: database }) : database;
  if (owned) await client.connect();
  try {
    for (let i = 0; i < count; i += BATCH) {
      const batch = students.slice(i, i + BATCH);
      const ids = batch.map((s) => s.id);
      await client.query('begin');
      await client.query(
        `insert into users (id, name, email, password_hash)
         select id, $2 || ' ' || (n + $3), id || '@bench.lectern', '!seeded'
         from unnest($1::uuid[]) with ordinality as u(id, n)`,
        [ids, label, i],
      );
      await client.query(
        `insert into sessions (user_id, token_hash, expires_at)
         select id, hash, $3 from unnest($1::uuid[], $2::text[]) as s(id, hash)`,
        [
          ids,
          batch.map((s) => createHash('sha256').update(s.token).digest('hex')),
          new Date(Date.now() + 13 * DAY_MS),
        ],
      );
      await client.query(
        `insert into course_members (course_id, user_id) select $2, id from unnest($1::uuid[]) as u(id)`,
        [ids, courseId],
      );
      await client.query('commit');
    }
  } finally {
    if (owned) await client.end();
  }
  return students;
}
