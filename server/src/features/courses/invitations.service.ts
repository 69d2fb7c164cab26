import {
  ACCOUNT_SECURITY,
  type AddAdminBody,
  Id,
  type InvitationAnswer,
  type InvitationDto,
  stripInvisible,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { notFound, retryLater } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { isCourseAdmin, requireCourseAdmin } from '../access/public';
import type { AuthFeature } from '../auth/public';
import { emitCourseChanged } from '../../events/catalog-events';
import { addCourseAdmin, dropStudentMemberships } from './courses.repository';
import {
  type InvitationReader,
  type Invitee,
  deleteInvitationsTo,
  invitationsFor,
  recordInvitationMail,
  replaceInvitation,
} from './invitations.repository';

// Add-admin is an invitation the invitee accepts (issue 12, docs/decisions.md "Accounts hardening"):
// nobody becomes an admin, or gets a course's mail, without consenting; the inviter gets the same answer
// whether or not the address has an account; an unknown address is mailed nothing (no relay for
// strangers' text), but the invitation waits for whoever proves that address within its lifetime.
// Mail goes only from an inviter whose own address is proven, to a proven address, once per address and
// course (issue 20), with the names set apart as quoted text the inviter wrote.

const DAY = 24 * 60 * 60_000;
const INVITATION_TTL_MS = 14 * DAY;
const INVITATIONS_PER_HOUR = 20;
const HOUR = 60 * 60_000;

/** A user-written name as one quoted line of a mail, without invisible characters. */
const quoted = (text: string) => `> ${stripInvisible(text).replace(/\s+/g, ' ').trim()}`;

const invitationText = (inviter: string, course: string, publicUrl: string) =>
  'A Lectern user invited you to administer a course. The course, as they named it:\n\n' +
  `${quoted(course)}\n\nInvited by (the name on their account):\n\n${quoted(inviter)}\n\n` +
  `You become an administrator only if you accept: ${publicUrl}/invitations\n\n` +
  'If you do not expect this, decline it there or ignore this e-mail.\n';

export function createInvitationsService(deps: AppDeps, { findUserById, findUserByEmail }: AuthFeature) {
  const { db, clock, mail, config } = deps;

  async function readerOf(caller: AuthUser): Promise<InvitationReader> {
    const user = await findUserById(db, caller.id);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** Whom the form names, and the account it reaches (by id, or the proven owner of the address). */
  async function resolve({ adminId, adminEmail }: AddAdminBody) {
    if (adminId) {
      const user = Id.safeParse(adminId).success ? await findUserById(db, adminId) : null;
      return { invitee: user && ({ id: user.id } as Invitee), account: user };
    }
    const email = adminEmail!.toLowerCase();
    return { invitee: { email } as Invitee, account: await findUserByEmail(db, email) };
  }

  async function findOwn(caller: AuthUser, id: string) {
    const reader = await readerOf(caller);
    const [invitation] = await invitationsFor(db, reader, clock(), id);
    if (!invitation) throw notFound('Invitation not found');
    return { reader, invitation };
  }

  return {
    /** Invites; answers the same whatever the address (SECURITY AC, issue 12). Limited per inviter. */
    async invite(caller: AuthUser, body: AddAdminBody): Promise<void> {
      const course = await requireCourseAdmin(db, caller, body.courseId);
      const now = clock();
      const { count, resetAt } = await deps.shared.counters.hit(`invite:${caller.id}`, HOUR, now.getTime());
      if (count > INVITATIONS_PER_HOUR) {
        const wait = Math.ceil((resetAt - now.getTime()) / 1000);
        throw retryLater('Too many invitations. Try again later.', wait);
      }
      const { invitee, account } = await resolve(body);
      if (!invitee || (account && (await isCourseAdmin(db, account.id, course.id)))) return;
      const inviter = await findUserById(db, caller.id);
      await db.transaction(async (tx) => {
        await replaceInvitation(tx, {
          courseId: course.id,
          invitedBy: caller.id,
          invitee,
          now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        });
        if (!account?.emailVerifiedAt || !inviter?.emailVerifiedAt) return; // unproven: no mail
        if (!(await recordInvitationMail(tx, course.id, account.email))) return; // mailed before
        await mail.send(tx, {
          to: account.email,
          subject: 'Invitation to administer a course on Lectern',
          text: invitationText(inviter.name, course.name, config.publicUrl),
        });
      });
    },

    async list(caller: AuthUser): Promise<InvitationDto[]> {
      const rows = await invitationsFor(db, await readerOf(caller), clock());
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** Makes the caller an admin of the course; they stop being a student of it (SPEC §6). */
    async accept(caller: AuthUser, id: string): Promise<InvitationAnswer> {
      const { reader, invitation } = await findOwn(caller, id);
      await db.transaction(async (tx) => {
        if (!(await isCourseAdmin(tx, caller.id, invitation.courseId))) {
          await addCourseAdmin(tx, invitation.courseId, caller.id);
          await dropStudentMemberships(tx, invitation.courseId, [caller.id]);
        }
        await deleteInvitationsTo(tx, reader, invitation.courseId);
        await emitCourseChanged(tx, invitation.courseId);
      });
      return {
        message: ACCOUNT_SECURITY.invitationAccepted(invitation.courseName),
        courseId: invitation.courseId,
      };
    },

    async decline(caller: AuthUser, id: string): Promise<InvitationAnswer> {
      const { reader, invitation } = await findOwn(caller, id);
      await deleteInvitationsTo(db, reader, invitation.courseId);
      return { message: ACCOUNT_SECURITY.invitationDeclined };
    },
  };
}
