import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import type { Db } from '../src/db/client';
import type { Mailer } from '../src/lib/mailer';
import type { MediaStore } from '../src/lib/media-store';
import { CapturingMailer } from './capturing-mailer';
import { TestClock } from './test-clock';
import { openTestDatabase } from './test-databases';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  mailer: CapturingMailer;
  config: AppConfig;
  /** The app's media store (same data dir). */
  media: MediaStore;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** A real mailer (SMTP tests); the capturing one otherwise. */
  mailer?: Mailer;
  start?: Date;
}

/**
 * The real app on its own database copy and data dir, with a hand-moved clock.
 * Call in beforeAll and close in afterAll: opening a database copy takes a fraction of a second.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(inject('testDataRoot'), 'app-'));
  const testDb = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const clock = new TestClock(options.start);
  const mailer = new CapturingMailer();
  const app = await buildApp({
    config,
    db: testDb.database.db,
    clock: clock.now,
    mailer: options.mailer ?? mailer,
    logger: false,
  });
  await app.ready();
  return {
    app,
    db: testDb.database.db,
    clock,
    mailer,
    config,
    media: app.deps.media,
    close: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}
