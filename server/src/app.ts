import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import type { AppConfig } from './config/env';
import type { Db } from './db/client';
import { features } from './features';
import { type Clock, systemClock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { createDiskMediaStore } from './lib/media-store';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerWeb } from './plugins/web';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  /** false for tests; pino options otherwise. */
  logger?: boolean | object;
}

// Never logged: tokens and passwords (SECURITY LOG-2).
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'];
// Page URLs that carry a secret (the reset token) are logged without it.
const SECRET_IN_PATH = /^(\/reset-password\/)[^/?#]+/;

const loggerOptions = (level: string) => ({
  level,
  redact: REDACT,
  timestamp: pino.stdTimeFunctions.isoTime, // UTC ISO 8601 (SECURITY LOG-1)
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: req.url.replace(SECRET_IN_PATH, '$1[redacted]'),
      remoteAddress: req.ip,
    }),
  },
});

/** The whole HTTP application, without listening (DESIGN §3): main.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024, // SECURITY VAL-1
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: text/plain bodies would make unauthenticated POSTs simple CSRF requests (SECURITY VAL-1).
  app.removeContentTypeParser('text/plain');

  const deps: AppDeps = {
    config,
    db: options.db,
    clock: options.clock ?? systemClock,
    mailer:
      options.mailer ??
      createMailer(
        { smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom },
        app.log as FastifyBaseLogger,
      ),
    media: createDiskMediaStore(config.mediaDir),
  };
  app.decorate('deps', deps);

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  registerAuth(app, deps);
  await registerRateLimit(app);
  for (const feature of features) await app.register(async (scope) => feature(scope, deps));
  await registerWeb(app, config.webDistDir);
  app.addHook('onClose', () => deps.mailer.idle());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
