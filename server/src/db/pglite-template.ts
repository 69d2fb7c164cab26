import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

/**
 * Makes in `dir` an embedded database with every migration applied, closed cleanly so that a plain copy
 * of the folder opens like a restart: what new data dirs start as (`npm start`, see ensurePgliteDataDir)
 * and what each API test file's database is copied from.
 */
export async function makePgliteTemplate(dir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dir });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}
