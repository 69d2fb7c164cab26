import type { AppConfig } from '../config/env';
import type { DatabaseTarget } from './client';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR (DESIGN §8). */
export const databaseTarget = (config: AppConfig): DatabaseTarget =>
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dir: config.pgliteDir, template: config.pgliteTemplateDir };
