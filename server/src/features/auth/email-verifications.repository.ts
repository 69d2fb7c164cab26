import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailVerifications } from '../../db/schema';

/** Voids the user's links. */
export async function deleteVerificationTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}

/** Stores a new link for the user and voids their earlier ones: only the latest address can be proven. */
export async function replaceVerificationToken(
  db: DbOrTx,
  values: { userId: string; email: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await deleteVerificationTokens(db, values.userId);
  await db.insert(emailVerifications).values({
    userId: values.userId,
    email: values.email,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Deletes a live token (single use) and returns whom and which address it proves, or null. */
export async function consumeVerificationToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.tokenHash, tokenHash), gt(emailVerifications.expiresAt, now)))
    .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
  return row ?? null;
}
