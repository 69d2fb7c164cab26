import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ltiPlatforms } from '../../db/schema';

export type PlatformRow = typeof ltiPlatforms.$inferSelect;
export type NewPlatform = Omit<typeof ltiPlatforms.$inferInsert, 'id' | 'createdAt'>;

/** The platform registered under this issuer and client id, if any. */
export async function findPlatform(
  db: DbOrTx,
  issuer: string,
  clientId: string,
): Promise<PlatformRow | null> {
  const [row] = await db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.issuer, issuer), eq(ltiPlatforms.clientId, clientId)));
  return row ?? null;
}

/** The platforms registered under this issuer: a login initiation may leave out its client id. */
export async function platformsOfIssuer(db: DbOrTx, issuer: string): Promise<PlatformRow[]> {
  return db.select().from(ltiPlatforms).where(eq(ltiPlatforms.issuer, issuer));
}

export async function findPlatformById(db: DbOrTx, id: string): Promise<PlatformRow | null> {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  return row ?? null;
}

export async function listPlatforms(db: DbOrTx): Promise<PlatformRow[]> {
  return db.select().from(ltiPlatforms).orderBy(ltiPlatforms.createdAt);
}

/** Registers the platform, or updates the registration of the same issuer and client id. */
export async function savePlatform(db: DbOrTx, platform: NewPlatform): Promise<PlatformRow> {
  const [row] = await db
    .insert(ltiPlatforms)
    .values(platform)
    .onConflictDoUpdate({ target: [ltiPlatforms.issuer, ltiPlatforms.clientId], set: platform })
    .returning();
  return row!;
}

/** Every registered platform's framing origins. */
export async function frameOriginsOfPlatforms(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ origins: ltiPlatforms.frameOrigins }).from(ltiPlatforms);
  return rows.flatMap((r) => r.origins);
}

/** Registers a new platform; null when its issuer and client id are registered already. */
export async function insertPlatform(db: DbOrTx, platform: NewPlatform): Promise<PlatformRow | null> {
  const [row] = await db.insert(ltiPlatforms).values(platform).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updatePlatform(
  db: DbOrTx,
  id: string,
  platform: NewPlatform,
): Promise<PlatformRow | null> {
  const [row] = await db.update(ltiPlatforms).set(platform).where(eq(ltiPlatforms.id, id)).returning();
  return row ?? null;
}

/** Removes the platform and its LMS-course links (cascade); whether there was one. */
export async function deletePlatform(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(ltiPlatforms)
    .where(eq(ltiPlatforms.id, id))
    .returning({ id: ltiPlatforms.id });
  return rows.length > 0;
}
