import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { externalIdentities, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { addressesHeld, findUserById, type UserRow } from './users.repository';

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
  const [userId] = await accountsForIdentities(tx, [identity], now);
  return (await findUserById(tx, userId!))!;
}

const pairKey = (issuer: string, subject: string) => `${issuer}\n${subject}`;

/** The accounts linked to these identities, by `pairKey`. */
async function linksOf(tx: Tx, identities: readonly ExternalIdentity[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      issuer: externalIdentities.issuer,
      subject: externalIdentities.subject,
      userId: externalIdentities.userId,
    })
    .from(externalIdentities)
    .where(
      and(
        inArray(externalIdentities.issuer, [...new Set(identities.map((i) => i.issuer))]),
        inArray(externalIdentities.subject, [...new Set(identities.map((i) => i.subject))]),
      ),
    );
  return new Map(rows.map((r) => [pairKey(r.issuer, r.subject), r.userId]));
}

/**
 * The accounts of many identities at once (a roster page), in their order: those linked already, the others
 * made as `accountForIdentity` makes one, in a few statements whatever their number (issue 23's roster of
 * 2,000 made one by one took ~10 statements a member). Races are settled by the unique indexes: an address
 * taken meanwhile gets a placeholder instead, and an identity another transaction linked meanwhile (a
 * launch of the same person) keeps that account, the one made here deleted before anything refers to it.
 */
export async function accountsForIdentities(
  tx: Tx,
  identities: readonly ExternalIdentity[],
  now: Date,
): Promise<string[]> {
  if (identities.length === 0) return [];
  const linked = await linksOf(tx, identities);
  const missing = new Map<string, ExternalIdentity>();
  for (const identity of identities) {
    const key = pairKey(identity.issuer, identity.subject);
    if (!linked.has(key)) missing.set(key, identity);
  }
  if (missing.size > 0) {
    const made = await makeAccounts(tx, [...missing.values()], now);
    const kept = await tx
      .insert(externalIdentities)
      .values([...missing].map(([key, identity]) => ({ ...identity, userId: made.get(key)! })))
      .onConflictDoNothing()
      .returning({ issuer: externalIdentities.issuer, subject: externalIdentities.subject });
    for (const row of kept) {
      const key = pairKey(row.issuer, row.subject);
      linked.set(key, made.get(key)!);
      missing.delete(key);
    }
    if (missing.size > 0) {
      // Linked by another transaction since the read: that account is theirs, the one made here goes.
      await tx.delete(users).where(
        inArray(
          users.id,
          [...missing.keys()].map((key) => made.get(key)!),
        ),
      );
      for (const [key, userId] of await linksOf(tx, [...missing.values()])) linked.set(key, userId);
    }
  }
  return identities.map((i) => linked.get(pairKey(i.issuer, i.subject))!);
}

/**
 * New accounts for these identities, by `pairKey`: each gets its claimed address unless an account (or an
 * earlier one of these) holds it, else a placeholder; proven when the issuer is trusted to prove it.
 */
async function makeAccounts(
  tx: Tx,
  identities: readonly ExternalIdentity[],
  now: Date,
): Promise<Map<string, string>> {
  const claimed = [...new Set(identities.flatMap((i) => (i.email ? [i.email.toLowerCase()] : [])))];
  const taken = new Set(await addressesHeld(tx, claimed));
  const passwordHash = await unusablePasswordHash();
  const rows = identities.map((identity) => {
    const address = identity.email?.toLowerCase();
    const wanted = address && !taken.has(address) ? identity.email : null;
    if (address) taken.add(address);
    return {
      id: randomUUID(),
      name: identity.name?.trim() || 'Student',
      email: wanted ?? placeholderAddress(),
      passwordHash,
      emailVerifiedAt: wanted && identity.emailProven ? now : null,
      createdAt: now,
    };
  });
  const inserted = new Set(
    (await tx.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id })).map((r) => r.id),
  );
  // An address taken since the read: that account gets a placeholder instead, as any taken one does.
  const late = rows
    .filter((row) => !inserted.has(row.id))
    .map((row) => ({ ...row, email: placeholderAddress(), emailVerifiedAt: null }));
  if (late.length > 0) await tx.insert(users).values(late);
  return new Map(identities.map((i, n) => [pairKey(i.issuer, i.subject), rows[n]!.id]));
}
