import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

const sameAddress = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/**
 * The account an address logs in with: the one that verified it, else the newest that claims it
 * (unverified addresses may repeat, docs/decisions.md "Accounts hardening").
 */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sameAddress(email))
    .orderBy(asc(sql`${users.emailVerifiedAt} is null`), desc(users.createdAt))
    .limit(1);
  return row ?? null;
}

/** The account whose proven address this is: the only one invitations and notices may reach. */
export async function findVerifiedUserByEmail(
  db: DbOrTx,
  email: string,
  exceptUserId?: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        sameAddress(email),
        isNotNull(users.emailVerifiedAt),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertUser(
  db: DbOrTx,
  values: { name: string; email: string; passwordHash: string; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email,
      passwordHash: values.passwordHash,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      | 'email'
      | 'emailVerifiedAt'
      | 'pendingEmail'
      | 'passwordHash'
      | 'receiveEmailsSubmittingQuestion'
      | 'receiveEmailsAnsweredQuestion'
    >
  >,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
