import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { BUNDLED_FFMPEG_WARNING } from './config/ffmpeg-tools';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { createEventBus } from './events/event-bus';
import { createNoticeBus } from './events/notice-bus';
import { createJobQueue } from './jobs/job-queue';
import { createMailQueue } from './jobs/mail-queue';
import { features } from './features';
import { sessionResolver } from './features/auth/session-resolver';
import { registerReadPosition } from './features/events/read-position';
import { type StreamHub, createStreamHub } from './features/events/stream-hub';
import { DEFAULT_STREAM_LIMITS } from './features/events/stream-limits';
import { clientGoneAtInfo } from './lib/client-gone-log';
import { type Clock, systemClock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { loggableError } from './lib/query-errors';
import { createDiskMediaStore } from './lib/media-store';
import { createSharedState } from './lib/shared-state';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { BODY_LIMITS, registerJsonBodies } from './plugins/json-body';
import { registerNulGuard } from './plugins/nul-bytes';
import { registerRateLimit } from './plugins/rate-limit';
import { registerOpenApi } from './plugins/openapi';
import { inlineScriptHashes } from './plugins/inline-script-hashes';
import { registerSecurityHeaders } from './plugins/security';
import { registerSlowClientLimits, slowClientServerOptions } from './plugins/slow-clients';
import { registerWeb } from './plugins/web';
import { PROCESS_MEDIA_JOB } from './features/media/public';
import { shellVideo } from './features/videos/public';
import { registerMetrics } from './metrics/metrics';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** false for tests; pino options otherwise. */
  logger?: boolean | object;
  /** The app's own logger options, written here instead of stdout (tests that read the log). */
  logStream?: DestinationStream;
  /** How long start-up (a plugin, the backbone's onReady) may take; Fastify's 10 s otherwise. */
  pluginTimeout?: number;
}

// Never logged: tokens and passwords (SECURITY LOG-2).
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'];
// Page URLs that carry a secret (a reset or verification token) are logged without it, and so are media
// URLs' grants.
const SECRET_IN_PATH = /^(\/(?:reset-password|verify-email)\/)[^/?#]+/;
const SECRET_IN_QUERY = /([?&](?:sig|token)=)[^&#]*/g;
const loggableUrl = (url: string) =>
  url.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_IN_QUERY, '$1[redacted]');

const loggerOptions = (level: string) => ({
  level,
  redact: REDACT,
  timestamp: pino.stdTimeFunctions.isoTime, // UTC ISO 8601 (SECURITY LOG-1)
  hooks: { logMethod: clientGoneAtInfo },
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: loggableUrl(req.url),
      remoteAddress: req.ip,
    }),
    // A failed query's parameters never reach the log (issue 12): the hash of a password among them.
    err: loggableError,
  },
});

/**
 * Every route's schemas are zod's. Given these from the start, Fastify never loads its default compilers,
 * Ajv and fast-json-stringify: ~90 % of the Fastify constructor's time (issue 14). Fastify types these
 * factories for Ajv's schemas only, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** The whole HTTP application, without listening (DESIGN §3): main.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger ??
      (options.logStream
        ? { ...loggerOptions(config.logLevel), stream: options.logStream }
        : loggerOptions(config.logLevel)),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMITS.default, // routes that need more raise it (issue 12, SECURITY VAL-1)
    return503OnClosing: true,
    schemaController: { compilersFactory: zodCompilers },
    ...slowClientServerOptions(config),
    ...(options.pluginTimeout === undefined ? {} : { pluginTimeout: options.pluginTimeout }),
  });
  registerSlowClientLimits(app, config);
  // JSON only: text/plain bodies would make unauthenticated POSTs simple CSRF requests (SECURITY VAL-1).
  app.removeContentTypeParser('text/plain');
  registerJsonBodies(app);
  registerNulGuard(app);

  const { database } = options;
  const log = app.log as FastifyBaseLogger;
  if (config.ffmpeg.source === 'bundled') log.warn(BUNDLED_FFMPEG_WARNING);
  if (database.kind === 'pglite' && database.wasOpenToOthers)
    log.warn(
      { dir: config.pgliteDir },
      'The embedded database folder was open to other users: it is now 0700 and its files 0600',
    );
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom }, log);
  const jobs = createJobQueue({
    db: database.db,
    listen: database.listen,
    log,
    exclusive: database.kind === 'pglite',
  });
  const deps: AppDeps = {
    config,
    db: database.db,
    clock: options.clock ?? systemClock,
    media: createDiskMediaStore(config.mediaDir),
    jobs,
    mail: createMailQueue(jobs, mailer),
    events: createEventBus(database.db, database.listen, log),
    notices: createNoticeBus(database.listen, log),
    // Chosen once: in memory on the embedded database, in PostgreSQL when instances may share it.
    shared: createSharedState(database),
  };
  app.decorate('deps', deps);
  const streamLimits = { ...DEFAULT_STREAM_LIMITS, total: config.transport.maxEventStreams };
  app.decorate('eventStreams', createStreamHub({ ...deps, bus: deps.events, log, limits: streamLimits }));

  registerErrorHandler(app);
  registerReadPosition(app, deps.events);
  registerSecurityHeaders(app, inlineScriptHashes(config.webDistDir));
  await registerCompression(app);
  registerAuth(app, sessionResolver(deps));
  await registerRateLimit(app, deps.shared.counters);
  registerOpenApi(app, config.apiDocs);
  registerMetrics(app, {
    ...deps,
    streams: app.eventStreams,
    processingJobKind: PROCESS_MEDIA_JOB,
    token: config.metricsToken,
  });
  for (const feature of features) await app.register(feature);
  await registerWeb(app, config.webDistDir, (videoId) => shellVideo(deps, videoId));
  // Features registered their job handlers and event listeners above; now the backbone runs.
  app.addHook('onReady', async () => {
    await deps.notices.start();
    await deps.events.start();
    await deps.jobs.start();
  });
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => app.eventStreams.close());
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await deps.events.stop();
    await deps.notices.stop();
    await deps.shared.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The open `GET /api/events` streams of this instance. */
    eventStreams: StreamHub;
  }
}
