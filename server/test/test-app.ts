import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import type { Database, Db } from '../src/db/client';
import type { Mailer } from '../src/lib/mailer';
import type { MediaStore } from '../src/lib/media-store';
import { CapturingMailer } from './capturing-mailer';
import { eventsCaughtUp } from './events-caught-up';
import { TestClock } from './test-clock';
import { openTestDatabase } from './test-databases';

/**
 * A ceiling on the app's start (its onReady: a few statements on a fresh database copy), as vitest's
 * hookTimeout is on a hook (issue 26): on a busy machine Fastify's 10 s was once not enough (api-postgres,
 * the authorization matrix's app, AVV_ERR_READY_TIMEOUT).
 */
const START_CEILING_MS = 120_000;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  clock: TestClock;
  mailer: CapturingMailer;
  config: AppConfig;
  /** The app's media store (same data dir). */
  media: MediaStore;
  /** Runs every queued job (mail, processing) and delivers every committed event to this process. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** A real mailer (SMTP tests); the capturing one otherwise. */
  mailer?: Mailer;
  start?: Date;
  /** The app's own logger writes here, at the env's LOG_LEVEL (tests that read the log); none otherwise. */
  logStream?: DestinationStream;
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
    // Every test video would be transcribed: the tests of automatic captions turn it on (issue 25).
    AUTO_CAPTIONS: 'off',
    ...options.env,
  });
  const clock = new TestClock(options.start);
  const mailer = new CapturingMailer();
  const app = await buildApp({
    config,
    database: testDb.database,
    clock: clock.now,
    mailer: options.mailer ?? mailer,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    pluginTimeout: START_CEILING_MS,
  });
  await app.ready();
  return {
    app,
    db: testDb.database.db,
    clock,
    mailer,
    config,
    database: testDb.database,
    media: app.deps.media,
    settle: async () => {
      await app.deps.jobs.drain();
      await eventsCaughtUp(app);
    },
    close: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}

/**
 * A second instance of the app on `t`'s database, data dir and clock, as a second process behind a load
 * balancer would be (on PostgreSQL it shares counters and locks through the database). Close it first.
 */
export function createSiblingApp(t: TestApp): Promise<FastifyInstance> {
  return buildApp({
    config: t.config,
    database: t.database,
    clock: t.clock.now,
    mailer: t.mailer,
    logger: false,
    pluginTimeout: START_CEILING_MS,
  });
}
