import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_SECURITY,
  AddAdminBody,
  CourseMessageAnswer,
  InvitationAnswer,
  InvitationIdParams,
  InvitationsAnswer,
} from '@lectern/shared';
import { currentUser } from '../../plugins/auth';
import { logSecurityEvent } from '../../plugins/security-events';
import type { AppDeps } from '../../app-deps';
import type { AuthFeature } from '../auth/public';
import { typed } from '../feature';
import { createInvitationsService } from './invitations.service';

// Add admin (SPEC §7 keeps its route) becomes an invitation; the invitee lists, accepts or declines.
export function invitationsRoutes(app: FastifyInstance, deps: AppDeps, auth: AuthFeature): void {
  const invitations = createInvitationsService(deps, auth);
  const r = typed(app);
  const user = { auth: 'user' } as const;

  r.post(
    '/api/courses/add-admin',
    { schema: { body: AddAdminBody, response: { 200: CourseMessageAnswer } }, config: user },
    async (req) => {
      await invitations.invite(currentUser(req), req.body);
      logSecurityEvent(req, 'admin.invited', { courseId: req.body.courseId });
      return { message: ACCOUNT_SECURITY.invitationSent };
    },
  );

  r.get('/api/invitations', { schema: { response: { 200: InvitationsAnswer } }, config: user }, async (req) =>
    invitations.list(currentUser(req)),
  );

  r.post(
    '/api/invitations/:id/accept',
    { schema: { params: InvitationIdParams, response: { 200: InvitationAnswer } }, config: user },
    async (req) => {
      const answer = await invitations.accept(currentUser(req), req.params.id);
      logSecurityEvent(req, 'admin.added', { courseId: answer.courseId! });
      return answer;
    },
  );

  r.post(
    '/api/invitations/:id/decline',
    { schema: { params: InvitationIdParams, response: { 200: InvitationAnswer } }, config: user },
    async (req) => invitations.decline(currentUser(req), req.params.id),
  );
}
