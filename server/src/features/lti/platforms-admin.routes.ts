import { LtiPlatform, LtiPlatformParams, LtiPlatformRegistration, LtiPlatformsAnswer } from '@lectern/shared';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/errors';
import { logSecurityEvent } from '../../plugins/security-events';
import { type Feature, typed } from '../feature';
import { refreshFraming } from './framing';
import { requireInstallationAdmin } from './installation-admin';
import {
  deletePlatform,
  findPlatform,
  insertPlatform,
  listPlatforms,
  type PlatformRow,
  updatePlatform,
} from './platforms.repository';

const PATH = '/api/admin/lti/platforms';
const DUPLICATE = 'A platform with this issuer and client id is registered already';

const toDto = (p: PlatformRow): LtiPlatform => ({ ...p, createdAt: p.createdAt.toISOString() });

/**
 * The installation admin's LTI platforms (issue 23, /admin/lti): list, register, edit, remove. The same
 * contract as `npm run lti -- add-platform`. A change reaches framing (`frame-ancestors`) at once; launches
 * read platforms from the database on every request. No event: only installation admins see the list.
 */
export const platformsAdminRoutes: Feature = (app, deps) => {
  const { db, config } = deps;
  const r = typed(app);
  const admin = { auth: 'user' as const };
  const guard = (userId: string) => requireInstallationAdmin(app, userId);

  r.get(PATH, { schema: { response: { 200: LtiPlatformsAnswer } }, config: admin }, async (req) => {
    await guard(req.user!.id);
    const base = config.publicUrl;
    return {
      platforms: (await listPlatforms(db)).map(toDto),
      tool: { loginUrl: `${base}/lti/login`, launchUrl: `${base}/lti/launch`, jwksUrl: `${base}/lti/jwks` },
    };
  });

  r.post(
    PATH,
    { schema: { body: LtiPlatformRegistration, response: { 201: LtiPlatform } }, config: admin },
    async (req, reply) => {
      await guard(req.user!.id);
      if (await findPlatform(db, req.body.issuer, req.body.clientId)) throw conflict(DUPLICATE);
      const row = await insertPlatform(db, req.body);
      if (!row) throw conflict(DUPLICATE);
      await refreshFraming(app, db);
      logSecurityEvent(req, 'lti.platform.added', { platformId: row.id, issuer: row.issuer });
      return reply.code(201).send(toDto(row));
    },
  );

  r.put(
    `${PATH}/:id`,
    {
      schema: { params: LtiPlatformParams, body: LtiPlatformRegistration, response: { 200: LtiPlatform } },
      config: admin,
    },
    async (req) => {
      await guard(req.user!.id);
      const other = await findPlatform(db, req.body.issuer, req.body.clientId);
      if (other && other.id !== req.params.id) throw conflict(DUPLICATE);
      const row = await updatePlatform(db, req.params.id, req.body);
      if (!row) throw notFound('No such platform');
      await refreshFraming(app, db);
      logSecurityEvent(req, 'lti.platform.changed', { platformId: row.id });
      return toDto(row);
    },
  );

  r.delete(
    `${PATH}/:id`,
    {
      schema: { params: LtiPlatformParams, response: { 200: z.object({ ok: z.literal(true) }) } },
      config: admin,
    },
    async (req) => {
      await guard(req.user!.id);
      // Its LMS-course links go with it (cascade); the Lectern courses and accounts stay.
      if (!(await deletePlatform(db, req.params.id))) throw notFound('No such platform');
      await refreshFraming(app, db);
      logSecurityEvent(req, 'lti.platform.removed', { platformId: req.params.id });
      return { ok: true as const };
    },
  );
};
