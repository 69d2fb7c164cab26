import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import { type AuthUser, currentUser } from '../../../plugins/auth';
import { logUploadRejected } from '../../../plugins/security-events';
import { createTusServer } from './tus-server';
import type { UploadKinds } from './upload-kinds';
import { purgeExpiredReservations } from './upload-allowance';
import { PURGE_EVERY_MS, PURGE_JOB, purgeStaleUploads } from './upload-purge';

// Resumable uploads (tus 1.0) at /tus/, inside Fastify so every request goes through the bearer check
// (SECURITY UP-4); what the tus server does is in tus-server.ts, made with the first tus request.

export const tusRoutes = (app: FastifyInstance, deps: AppDeps, kinds: UploadKinds) => {
  const users = new WeakMap<IncomingMessage, AuthUser>();
  let tus: Promise<Server> | undefined;
  const tusServer = () => (tus ??= createTusServer(deps, users, kinds));

  // FileStore creates its directory in the background; create it now so it never races the app's close.
  fs.mkdirSync(deps.config.uploadsDir, { recursive: true });
  deps.jobs.every(PURGE_JOB, PURGE_EVERY_MS, async () => {
    await purgeStaleUploads(deps.config.uploadsDir, path.dirname(deps.media.tempPath()), Date.now());
    await purgeExpiredReservations(deps);
  });

  // tus reads the raw body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'OPTIONS') users.set(req.raw, currentUser(req));
    const tus = await tusServer(); // before the hijack, so that a failure still answers 500
    reply.hijack();
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.raw.setHeader('cache-control', 'no-store');
    await tus.handle(req.raw, reply.raw);
    logUploadRejected(req, reply.raw.statusCode);
  };
  for (const url of ['/tus', '/tus/*']) {
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
      url,
      config: { auth: 'user', upload: true },
      handler: handle,
    });
    app.route({ method: 'OPTIONS', url, config: { auth: 'public' }, handler: handle });
  }
};
