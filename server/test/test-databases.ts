import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { makePgliteTemplate } from '../src/db/pglite-template';

// PGlite takes seconds to initialise and migrate, but copying a prepared data dir takes a fraction
// of that (DESIGN §7): global setup prepares one template, each test file opens its own copy.
// On PostgreSQL, each test file gets a database created from the migrated CI database as template.

export async function preparePgliteTemplate(dir: string): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  await makePgliteTemplate(dir);
}

export async function preparePostgresTemplate(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  await migrateDatabase(database);
  await database.close();
}

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.LECTERN_TEST_DB === 'postgres') return openPostgresCopy();
  const templateDir = inject('pgliteTemplate');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-test-db-'));
  const database = await openDatabase({ kind: 'pglite', dir, template: templateDir });
  return {
    database,
    dispose: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresCopy(): Promise<TestDatabase> {
  const templateUrl = new URL(process.env.TEST_DATABASE_URL!);
  const template = templateUrl.pathname.slice(1);
  const name = `${template}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  // Two copies made at the same instant can collide on the template; a short retry settles it.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
    }
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    dispose: async () => {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
