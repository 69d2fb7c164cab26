import type { AppConfig } from './config/env';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { MediaStore } from './lib/media-store';

/** Everything a feature needs from outside, handed in by buildApp (tests pass their own clock). */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  media: MediaStore;
}
