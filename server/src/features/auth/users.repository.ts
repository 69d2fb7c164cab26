import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
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
      'email' | 'passwordHash' | 'receiveEmailsSubmittingQuestion' | 'receiveEmailsAnsweredQuestion'
    >
  >,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
