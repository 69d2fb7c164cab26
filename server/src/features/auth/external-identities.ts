import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { externalIdentities } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { findUserByEmail, findUserById, insertUser, updateUser, type UserRow } from './users.repository';

/** Who another system (an LMS launch, a campus identity provider) says is here. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  name: string | null;
  email: string | null;
  /** The issuer is trusted to have proven `email`. */
  emailProven: boolean;
}

/** The account linked to (issuer, subject), or null when none is. */
export async function linkedAccount(db: DbOrTx, issuer: string, subject: string): Promise<UserRow | null> {
  const [link] = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
  return (link && (await findUserById(db, link.userId))) ?? null;
}

/**
 * An address for an account whose issuer sent none, or sent one another account holds: `.invalid` is
 * reserved (RFC 2606), so no mail is ever sent there, and the unique index stays whole.
 */
const placeholderAddress = (): string =>
  `${randomBytes(9).toString('base64url').toLowerCase()}@external.invalid`;

let unusable: Promise<string> | undefined;
/**
 * A hash of 256 random bits nobody knows, made once a process and shared by the accounts it makes: the
 * password login can never match it, and checks it as long as any other (no faster refusal tells such an
 * account apart). One argon2 hash per account made a roster sync of 2,000 new members cost minutes, all in
 * its transaction (bench lti, docs/decisions.md).
 */
const unusablePasswordHash = (): Promise<string> =>
  (unusable ??= hashPassword(randomBytes(32).toString('base64url')));

/**
 * The account linked to (issuer, subject), made on its first visit. Linked by that pair only: an e-mail
 * claim never joins an existing account (docs/decisions.md, "Accounts from outside"), so a platform that
 * lies about an address reaches nothing of its owner. A new account has no usable password: its owner
 * signs in through the issuer, or sets one with a password reset once its address is real.
 */
export async function accountForIdentity(tx: Tx, identity: ExternalIdentity, now: Date): Promise<UserRow> {
  const linked = await linkedAccount(tx, identity.issuer, identity.subject);
  if (linked) return linked;

  const wanted = identity.email && !(await findUserByEmail(tx, identity.email)) ? identity.email : null;
  const user = await insertUser(tx, {
    name: identity.name?.trim() || 'Student',
    email: wanted ?? placeholderAddress(),
    passwordHash: await unusablePasswordHash(),
    now,
  });
  if (!user) throw new Error('The new account collided with an address taken a moment ago');
  if (wanted && identity.emailProven) await updateUser(tx, user.id, { emailVerifiedAt: now });
  await tx
    .insert(externalIdentities)
    .values({ issuer: identity.issuer, subject: identity.subject, userId: user.id });
  return (await findUserById(tx, user.id))!;
}
