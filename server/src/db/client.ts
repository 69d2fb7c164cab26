import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { ensurePgliteDataDir } from './pglite-data-dir';
import { makePrivate } from './private-dir';
import { registerPgliteClient } from './prepared';
import { type Listen, listenPostgres } from './notifications';
import { UnreadableDatabaseError } from './unreadable-database';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Every repository function accepts either. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  /** LISTEN for NOTIFYs, which PostgreSQL delivers only once their transaction commits. */
  listen: Listen;
  close(): Promise<void>;
} & (
  | {
      kind: 'pglite';
      /** The folder was open to other users before this start made it private (worth a warning). */
      wasOpenToOthers: boolean;
    }
  | { kind: 'postgres'; url: string }
);

export type DatabaseTarget =
  /** `template`: see ensurePgliteDataDir. */
  { kind: 'pglite'; dir: string; template?: string } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  const lock = lockDataDir(target.dir);
  try {
    // Loaded only for the embedded database: on PostgreSQL the start never reads PGlite (issue 14).
    const [pglite, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    const existed = await ensurePgliteDataDir(target.dir, target.template);
    // A folder made just now is loose by construction (initdb, a template copy): no need to warn.
    const wasOpenToOthers = makePrivate(target.dir) && existed;
    const client = await pglite.PGlite.create({
      dataDir: target.dir,
      // Trigram similarity for question suggestions (migration 0020); PGlite ships it as a bundle of its own.
      extensions: { pg_trgm },
    }).catch((error: unknown) => {
      throw new UnreadableDatabaseError(target.dir, error);
    });
    makePrivate(target.dir); // and what opening wrote (pg_internal.init, …); later files sit in a 0700 folder
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    registerPgliteClient(db, client, pglite); // executePrepared (prepared.ts)
    return {
      db,
      kind: 'pglite',
      wasOpenToOthers,
      // One in-process connection: it cannot drop, so there is never anything to resume.
      listen: async (channel, listener) => {
        const unlisten = await client.listen(channel, (payload) => listener.onNotify(payload));
        return () => unlisten();
      },
      close: async () => {
        await client.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: 'lectern-api',
    connectionTimeoutMillis: 2000, // SECURITY FI-5: fail fast while the database is down
    statement_timeout: 5000, // one slow query cannot hold the pool (SECURITY §4)
  });
  // Without these, a database restart (idle clients) or a backend killed in the middle of a transaction
  // (the client a request holds: SECURITY FI-6) crashes the process (node-postgres #1707). The query
  // under way fails on its own, and the pool replaces the broken client.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    url,
    listen: listenPostgres(url),
    close: () => pool.end(),
  };
}
