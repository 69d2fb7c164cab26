import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { serverDir } from '../lib/server-dir';
import type { Database } from './client';

const migrationsFolder = path.join(serverDir, 'drizzle');
// Any constant works; it keeps two instances starting at once from migrating together.
const MIGRATION_LOCK_KEY = 7_311_204;

/** Applies the committed SQL migrations; the same set serves PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator'); // as in client.ts
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // One dedicated connection, so the session-level advisory lock and the migration share it.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}
