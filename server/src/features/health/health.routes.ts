import { sql } from 'drizzle-orm';
import { PublicConfig } from '@lectern/shared';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { type Feature, typed } from '../feature';

const Health = z.object({ status: z.literal('ok') });

export const healthRoutes: Feature = (app, { db, config }) => {
  const r = typed(app);
  const anyone = { auth: 'public' } as const;

  r.get('/api/health', { schema: { response: { 200: Health } }, config: anyone }, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Database unreachable');
    }
    return { status: 'ok' as const };
  });

  r.get('/api/config', { schema: { response: { 200: PublicConfig } }, config: anyone }, async () => ({
    supportEmail: config.supportEmail,
    researchGroupUrl: config.researchGroupUrl,
    sso: config.oidc ? { name: config.oidc.name } : null,
    passwordLogin: config.passwordLogin,
  }));
};
