import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, loadConfig } from './config/env';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { databaseTarget } from './db/target';
import { explainStartupFailure } from './startup-failure';

// SIGTERM (SECURITY FI-8): the process is gone within SHUTDOWN_LIMIT_MS whatever its clients do.
const SHUTDOWN_LIMIT_MS = 10_000;
const UPLOAD_GRACE_MS = 5_000;

// What main opened so far, closed again when starting fails (the embedded database's lock included).
let config: AppConfig | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;

async function main(): Promise<void> {
  config = loadConfig();
  database = await openDatabase(databaseTarget(config));
  await migrateDatabase(database);
  const started = await buildApp({ config, database });
  app = started;
  const db = database;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    started.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    // Requests under way finish; an upload still streaming after the grace is cut, keeping the bytes it
    // sent so far, and resumes after the restart (SECURITY FI-8).
    setTimeout(() => started.server.closeAllConnections(), UPLOAD_GRACE_MS).unref();
    await started.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A stray rejection in a handler must not take the server down (SECURITY LOG-3).
  process.on('unhandledRejection', (err) => started.log.error({ err }, 'unhandled rejection'));

  await started.listen({ host: config.host, port: config.port });
  // The one line a person starting Lectern looks for, at every LOG_LEVEL but silent (issue 26).
  if (config.logLevel !== 'silent') console.log(`Lectern is running at ${config.publicUrl}`);
}

main().catch(async (error: unknown) => {
  // Before the configuration loads, only a ConfigError can happen: it needs no port or database.
  const advice = explainStartupFailure(error, config ?? { port: 0, databaseUrl: undefined });
  if (advice) console.error(advice);
  else console.error('Lectern failed to start:', error);
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  process.exit(1);
});
