import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './client';

// The template every API test file starts from has every migration applied; an initdb'd folder has none.
const template = inject('pgliteTemplate');
const dirs: string[] = [];
const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-data-dir-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function migrationsIn(database: Database): Promise<number> {
  const { rows } = (await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

async function withDatabase<T>(dir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dir, template });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

describe('a new embedded data dir', () => {
  it('starts as a copy of the template, migrations included', async () => {
    const migrations = fs
      .readdirSync(path.join(import.meta.dirname, '../../drizzle'))
      .filter((f) => f.endsWith('.sql'));
    expect(await withDatabase(newDir(), migrationsIn)).toBe(migrations.length);
  });

  it('is copied again when an earlier copy was cut short before PG_VERSION', async () => {
    const dir = newDir();
    fs.cpSync(template, dir, { recursive: true, filter: (source) => !source.endsWith('PG_VERSION') });
    fs.writeFileSync(path.join(dir, 'global/pg_control'), 'cut short');
    expect(await withDatabase(dir, migrationsIn)).toBeGreaterThan(0);
  });

  it('keeps its own database once it has one', async () => {
    const dir = newDir();
    await withDatabase(dir, (database) => database.db.execute(sql`create table kept (id int)`));
    const { rows } = (await withDatabase(dir, (database) =>
      database.db.execute(sql`select to_regclass('kept') is not null as present`),
    )) as unknown as { rows: { present: boolean }[] };
    expect(rows[0]!.present).toBe(true);
  });
});

// Each case opens an embedded database twice or more: many seconds on a busy machine.
describe('the embedded data dir’s permissions (issue 20)', { timeout: 120_000 }, () => {
  const modesUnder = (dir: string): string[] =>
    fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
      const mode = fs.statSync(path.join(entry.parentPath, entry.name)).mode & 0o777;
      const wanted = entry.isDirectory() ? 0o700 : 0o600;
      return mode === wanted ? [] : [`${entry.name}: ${mode.toString(8)}`];
    });
  /** Opens and closes the database in `dir`, checks it is private, says whether it was open to others. */
  const openPrivately = async (dir: string) => {
    const open = await withDatabase(
      dir,
      async (database) => database.kind === 'pglite' && database.wasOpenToOthers,
    );
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(modesUnder(dir)).toEqual([]);
    return open;
  };

  it('makes a new folder private: the folder 0700, every file 0600, without a warning', async () => {
    const dir = newDir();
    expect(await openPrivately(dir)).toBe(false);
  });

  it('fixes an existing folder that others could read and write, and says so', async () => {
    const dir = newDir();
    await withDatabase(dir, async () => undefined);
    fs.chmodSync(dir, 0o777);
    fs.chmodSync(path.join(dir, 'PG_VERSION'), 0o666);
    fs.chmodSync(path.join(dir, 'global'), 0o777);
    expect(await openPrivately(dir)).toBe(true);
  });
});
