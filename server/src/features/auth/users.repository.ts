import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

const sameAddress = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** The account an address belongs to: one at most, verified or not (issue 20). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sameAddress(email)).limit(1);
  return row ?? null;
}

/** Which of these addresses (lower case) accounts hold, lower case: one statement for many. */
export async function addressesHeld(db: DbOrTx, lowered: readonly string[]): Promise<string[]> {
  if (lowered.length === 0) return [];
  const held = sql<string>`lower(${users.email})`;
  const rows = await db
    .select({ address: held })
    .from(users)
    .where(inArray(held, [...lowered]));
  return rows.map((r) => r.address);
}

/** Whether an account other than `userId` holds the address. */
export async function addressHeldByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameAddress(email), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Creates an account; null when the address already has one (the unique index decides, races included). */
export async function insertUser(
  db: DbOrTx,
  values: { name: string; email: string; passwordHash: string; now: Date },
): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email,
      passwordHash: values.passwordHash,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** What the account page and e-mail proof may change of a user. */
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'emailVerifiedAt'
    | 'pendingEmail'
    | 'passwordHash'
    | 'receiveEmailsSubmittingQuestion'
    | 'receiveEmailsAnsweredQuestion'
  >
>;

export async function updateUser(db: DbOrTx, id: string, values: UserChanges): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
