import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, retryLater } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { forgetSessionsOf } from './session-cache';
import { consumeVerificationToken, replaceVerificationToken } from './email-verifications.repository';
import { type UserRow, addressHeldByOther, findUserById, updateUser } from './users.repository';

// Addresses are proven by a link mailed to them, at signup and on change (issue 12). Until then an address
// counts for nothing: no invitation or notification reaches it, and a changed-to address is not used.

const VERIFICATION_TTL_MS = 48 * 60 * 60_000;
const BAD_LINK = 'This verification link is invalid or has expired. Request a new one in Settings.';
const TAKEN = 'This address already belongs to another account.';
export const VERIFICATION_SUBJECT = 'Confirm your Lectern e-mail address';

type Deps = Pick<AppDeps, 'mail' | 'clock' | 'config'>;

/** The address the user still has to prove: a pending change, else an unverified current address. */
export const addressToVerify = (user: Pick<UserRow, 'email' | 'emailVerifiedAt' | 'pendingEmail'>) =>
  user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);

// A link, or a change of address, mails an inbox that may be a stranger's: a few an hour is plenty.
const LINK_MAILS_PER_HOUR = 3;
const HOUR = 60 * 60_000;

/** Counts one verification mail of the user's (a resend or a change of address); 429 past the hour's few. */
export async function takeVerificationMail(
  { shared, clock }: Pick<AppDeps, 'shared' | 'clock'>,
  userId: string,
) {
  const now = clock().getTime();
  const { count, resetAt } = await shared.counters.hit(`verify-resend:${userId}`, HOUR, now);
  if (count > LINK_MAILS_PER_HOUR)
    throw retryLater('Too many verification e-mails. Try again later.', Math.ceil((resetAt - now) / 1000));
}

/**
 * Mails `email` a link proving it is the user's, voiding earlier links. Nothing goes to an address another
 * account holds (issue 20): it could never be the user's, and its owner would be mailed by a stranger.
 */
export async function sendVerificationLink(
  { mail, clock, config }: Deps,
  tx: DbOrTx,
  userId: string,
  email: string,
): Promise<void> {
  if (await addressHeldByOther(tx, email, userId)) return;
  const token = newToken();
  const now = clock();
  await replaceVerificationToken(tx, {
    userId,
    email,
    tokenHash: hashToken(token),
    now,
    expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
  });
  await mail.send(tx, {
    to: email,
    subject: VERIFICATION_SUBJECT,
    text: `Someone, probably you, gave this address to a Lectern account.\n\nConfirm it within 48 hours:\n${config.publicUrl}/verify-email/${token}\n\nIf it was not you, ignore this e-mail: the address will not be used.\n`,
  });
}

/** Uses a link: the address it names becomes the user's verified one. Returns the user's id. */
export async function verifyEmail(
  deps: Pick<AppDeps, 'db' | 'clock' | 'shared' | 'notices'>,
  token: string,
): Promise<string> {
  const { db, clock } = deps;
  const userId = await db.transaction(async (tx) => {
    const now = clock();
    const proof = await consumeVerificationToken(tx, hashToken(token), now);
    const user = proof && (await findUserById(tx, proof.userId));
    if (!proof || !user) throw badRequest(BAD_LINK);
    const address = proof.email.toLowerCase();
    if (await addressHeldByOther(tx, address, user.id)) throw conflict(TAKEN);
    if (user.pendingEmail?.toLowerCase() === address) {
      // The changed-to address takes over only now; the old one served until this moment.
      await updateUser(tx, user.id, { email: user.pendingEmail, pendingEmail: null, emailVerifiedAt: now });
    } else if (user.email.toLowerCase() === address) {
      await updateUser(tx, user.id, { emailVerifiedAt: user.emailVerifiedAt ?? now });
    } else {
      throw badRequest(BAD_LINK); // the user has moved on to another address since
    }
    return user.id;
  });
  await forgetSessionsOf(deps, userId); // their sessions carry the address
  return userId;
}
