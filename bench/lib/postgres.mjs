// Throwaway PostgreSQL databases for benches: each run gets its own, dropped afterwards, so figures never
// depend on what an earlier run left behind.
import pg from 'pg';

/** The PostgreSQL server benches make their databases on: BENCH_DATABASE_URL, else this machine's. */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new empty database on the server `adminUrl` points at; `drop()` removes it. */
export async function freshDatabase(adminUrl, label) {
  const name = `lectern_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
