import { loadConfig } from '../config/env';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { databaseTarget } from './target';

// `npm run db:migrate -w server`: migrations without starting the server (same data-dir lock).
const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await migrateDatabase(database);
  console.log('Migrations applied.');
} finally {
  await database.close();
}
