import { createHash } from 'node:crypto';
import type { Logger, SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';

/** The parts of the PGlite module used here (loaded by openDatabase only for the embedded database). */
type PgliteModule = Pick<typeof import('@electric-sql/pglite'), 'protocol' | 'parse' | 'types'>;
import type { DbOrTx } from './client';

// A statement kept prepared (named) on its connection: parsed and analysed once, and planned once when
// PostgreSQL finds, after five calls, that a generic plan costs no more than the custom ones did
// (plan_cache_mode auto; otherwise it still plans each call for its values). Drizzle's `execute` sends every
// raw statement unnamed, all of that anew each time. Worth it only for a statement run very often whose
// preparation is a large part of its cost (the question suggestions' candidate read, docs/decisions.md
// "issue 24, suggestp99"). The name is the text's hash: one text is prepared once per connection, and a
// different text never takes its name.

const dialect = new PgDialect();

/** Runs a statement by name on the embedded database; registered by openDatabase for its `db`. */
type PreparedRunner = (name: string, text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
const runners = new WeakMap<object, PreparedRunner>();

/** Lets `db` (the embedded database's handle) run prepared statements on `client`. */
export function registerPgliteClient(db: object, client: PGlite, pglite: PgliteModule): void {
  runners.set(db, pglitePrepared(client, pglite));
}

/**
 * `query` as a named prepared statement: on PostgreSQL through Drizzle's session (node-postgres keeps
 * the names it prepared per pooled connection), on PGlite through its wire protocol. Rows as
 * `db.execute` gives them. In a PGlite transaction (its handle is no registered database) it runs as
 * `db.execute` would.
 */
export async function executePrepared<Row>(db: DbOrTx, query: SQL): Promise<{ rows: Row[] }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `lectern_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const runner = runners.get(db);
  if (runner) {
    // Drizzle's query logger sees it as it sees every statement (tests count statements through it).
    (db._.session as unknown as { logger: Logger }).logger.logQuery(text, params);
    try {
      return (await runner(name, text, params)) as { rows: Row[] };
    } catch (error) {
      throw new DrizzleQueryError(text, params, error as Error); // as Drizzle reports a failed statement
    }
  }
  if (isPglite(db)) return (await db.execute(query)) as unknown as { rows: Row[] };
  const prepared = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  return (await prepared.execute()) as { rows: Row[] };
}

/** A PGlite handle (a transaction's) that no runner serves: Drizzle's PGlite session ignores names. */
const isPglite = (db: DbOrTx) => db._.session.constructor.name.startsWith('Pglite');

/**
 * Named statements on PGlite's one connection (reads: nothing is synced to disk after them), as its own `query` runs unnamed ones (parse, describe,
 * bind, execute, sync) under the same two locks, so a statement never lands inside another caller's
 * transaction; parsed with the parsers Drizzle's PGlite driver uses (timestamps and dates as text).
 */
function pglitePrepared(client: PGlite, { protocol, parse, types }: PgliteModule): PreparedRunner {
  const { serialize } = protocol;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  const asText = (value: string) => value;
  const parsers = {
    [types.TIMESTAMP]: asText,
    [types.TIMESTAMPTZ]: asText,
    [types.INTERVAL]: asText,
    [types.DATE]: asText,
  };
  /** Each prepared statement's parameter types, once PostgreSQL has described it. */
  const paramTypes = new Map<string, number[]>();
  return async (name, text, params) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const messages = [];
        try {
          let oids = paramTypes.get(name);
          if (!oids) {
            await send(serialize.close({ type: 'S', name })); // a statement left by a failed first try
            await send(serialize.parse({ name, text }));
            oids = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
            paramTypes.set(name, oids);
          }
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serializer = client.serializers[oids[i]!];
            return serializer ? serializer(value) : String(value);
          });
          messages.push(
            ...(await send(serialize.bind({ statement: name, values }))),
            ...(await send(serialize.describe({ type: 'P' }))),
            ...(await send(serialize.execute({}))),
          );
        } finally {
          messages.push(...(await send(serialize.sync())));
        }
        const [result] = parse.parseResults(messages, client.parsers, { parsers });
        return { rows: result?.rows ?? [] };
      }),
    );
  };
}
