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
