import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets } from '../../db/schema';

/** Stores a new reset token and voids the user's earlier ones (SECURITY RESET-2). */
export async function replaceResetToken(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, values.userId));
  await db.insert(passwordResets).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Marks a live token used and returns its user, or null when it is unknown, used or expired. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}
