import { sql } from 'drizzle-orm';
import type { PublicConfig } from '@lectern/shared';
import { HttpError } from '../../lib/errors';
import type { Feature } from '../feature';

export const healthRoutes: Feature = (app, { db, config }) => {
  app.get('/api/health', { config: { auth: 'public' } }, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Database unreachable');
    }
    return { status: 'ok' };
  });

  app.get('/api/config', { config: { auth: 'public' } }, async (): Promise<PublicConfig> => ({
    supportEmail: config.supportEmail,
    researchGroupUrl: config.researchGroupUrl,
  }));
};
