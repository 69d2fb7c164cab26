import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { frameOriginsOfPlatforms } from './platforms.repository';

/** A platform registered by `npm run lti` (another process) may frame Lectern within this time. */
const REFRESH_MS = 60 * 1000;

/** Lets the registered platforms' pages, and only theirs, frame Lectern (`frame-ancestors`). */
export async function refreshFraming(app: FastifyInstance, db: DbOrTx): Promise<void> {
  app.framing.allow(await frameOriginsOfPlatforms(db));
}

/** Reads the list when the server starts, then every minute until it stops. */
export function keepFramingCurrent(app: FastifyInstance, db: DbOrTx): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await refreshFraming(app, db);
    timer = setInterval(() => {
      refreshFraming(app, db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'LTI framing refresh failed'),
      );
    }, REFRESH_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
