import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase } from '../../test/test-databases';
import { executePrepared } from './prepared';

// executePrepared on both drivers (LECTERN_TEST_DB): a named statement, kept by the connection, rows as
// db.execute gives them.
let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(() => test.dispose());

/** The statement reads its own entry in pg_prepared_statements: only a named statement has one. */
const ownEntry = (n: number, at: Date) => sql`select name, ${n}::int + 1 as next, ${at}::timestamptz as at,
    array['a', 'b'] as letters, generic_plans + custom_plans as calls
  from pg_prepared_statements where statement like '%statement reads its own entry%' -- statement reads its own entry`;

interface Entry {
  name: string;
  next: number;
  at: string;
  letters: string[];
  calls: number;
}

describe('executePrepared', () => {
  it('runs a named statement the connection keeps, with new values each time, rows as db.execute gives', async () => {
    const { db } = test.database;
    const at = new Date('2026-11-28T10:00:00Z');
    const first = await executePrepared<Entry>(db, ownEntry(1, at));
    expect(first.rows).toHaveLength(1);
    const [row] = first.rows;
    expect(row!.name).toMatch(/^lectern_[0-9a-f]{24}$/);
    expect(row!.next).toBe(2);
    expect(row!.letters).toEqual(['a', 'b']);
    const unnamed = (await db.execute(ownEntry(1, at))) as unknown as { rows: { at: unknown }[] };
    expect(row!.at).toEqual(unnamed.rows[0]!.at); // timestamps as Drizzle's execute gives them (text)
    // Run again until it has run on the same connection (a pool hands out any of its clients).
    let again = first;
    for (let i = 0; i < 20 && Number(again.rows[0]!.calls) < 2; i++)
      again = await executePrepared<Entry>(db, ownEntry(41, at));
    expect(again.rows[0]!.name).toBe(row!.name);
    expect(again.rows[0]!.next).toBe(42);
    expect(Number(again.rows[0]!.calls)).toBeGreaterThanOrEqual(2);
  });

  it('runs in a transaction too, and an error leaves the connection usable', async () => {
    const { db } = test.database;
    const inside = await db.transaction((tx) =>
      executePrepared<{ one: number }>(tx, sql`select ${1}::int as one`),
    );
    expect(inside.rows).toEqual([{ one: 1 }]);
    const failed = await executePrepared(db, sql`select ${1}::int / ${0}::int as boom`).catch(
      (e: Error) => e,
    );
    expect(String((failed as Error).cause)).toMatch(/division by zero/); // as Drizzle reports it
    await expect(executePrepared(db, sql`select ${6}::int / ${2}::int as three`)).resolves.toEqual(
      expect.objectContaining({ rows: [{ three: 3 }] }),
    );
  });
});
