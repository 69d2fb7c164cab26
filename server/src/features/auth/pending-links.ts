import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { externalIdentities, pendingIdentityLinks } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** The owner has this long to log in with the password after the campus sign-on that offered the link. */
const PENDING_LINK_TTL_MS = 15 * 60 * 1000;

/** The browser cookie that holds a pending link's token; sent only with the password login. */
export const PENDING_LINK_COOKIE = 'lectern-pending-link';

/** Set-Cookie for a pending link (`maxAge` 0 clears it): HttpOnly, same-site, the login route only. */
export const pendingLinkCookie = (token: string, maxAgeSeconds: number, secure: boolean) =>
  `${PENDING_LINK_COOKIE}=${token}; Path=/api/login; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * Offers to link (issuer, subject) to the account `userId`, whose address the identity's e-mail matches:
 * nothing is linked yet, only a token the browser keeps until the owner proves the account (docs/decisions.md,
 * "Campus sign-on links an existing account after its password").
 */
export async function offerLink(db: DbOrTx, issuer: string, subject: string, userId: string, now: Date) {
  const token = newToken();
  await db.delete(pendingIdentityLinks).where(lt(pendingIdentityLinks.expiresAt, now));
  await db.insert(pendingIdentityLinks).values({
    tokenHash: hashToken(token),
    issuer,
    subject,
    userId,
    expiresAt: new Date(now.getTime() + PENDING_LINK_TTL_MS),
  });
  return { token, maxAgeSeconds: PENDING_LINK_TTL_MS / 1000 };
}

/** The pending-link token in a Cookie header, if any. */
export function pendingLinkToken(cookies: string | undefined): string | undefined {
  for (const pair of (cookies ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === PENDING_LINK_COOKIE && value) return value;
  }
  return undefined;
}

/**
 * Links the pending identity of `token` to `userId`, once, if it was offered to that account: the password
 * login just proved its owner is here. Answers whether it linked.
 */
export async function completeLink(db: Db, token: string, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .delete(pendingIdentityLinks)
      .where(
        and(
          eq(pendingIdentityLinks.tokenHash, hashToken(token)),
          eq(pendingIdentityLinks.userId, userId),
          gt(pendingIdentityLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!link) return false;
    const linked = await tx
      .insert(externalIdentities)
      .values({ issuer: link.issuer, subject: link.subject, userId })
      .onConflictDoNothing()
      .returning();
    return linked.length > 0;
  });
}
