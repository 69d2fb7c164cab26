import type { AppConfig } from './config/env';
import type { Db } from './db/client';
import type { EventBus } from './events/event-bus';
import type { NoticeBus } from './events/notice-bus';
import type { JobQueue } from './jobs/job-queue';
import type { MailQueue } from './jobs/mail-queue';
import type { Clock } from './lib/clock';
import type { MediaStore } from './lib/media-store';
import type { SharedState } from './lib/shared-state';

/** Everything a feature needs from outside, handed in by buildApp (tests pass their own clock). */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  clock: Clock;
  media: MediaStore;
  /** Durable background work (DESIGN §11). */
  jobs: JobQueue;
  /** Mail, sent through the job table. */
  mail: MailQueue;
  /** Committed events, as this process reads them from the outbox. */
  events: EventBus;
  /** Ephemeral notices from every instance: signals, progress, ended sessions (never stored). */
  notices: NoticeBus;
  /** Counters and locks every instance agrees on (memory on PGlite, PostgreSQL with DATABASE_URL). */
  shared: SharedState;
}
