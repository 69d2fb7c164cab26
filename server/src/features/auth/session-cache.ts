import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { SessionUser } from './sessions.repository';

// Bounds on what memory holds: a session is read again at least this often (as open event streams
// re-read theirs), and no more than this many are kept (the oldest go first).
const READ_AGAIN_MS = 30_000;
const MAX_SESSIONS = 20_000;

/**
 * Live sessions by token hash, so that a poll does not ask the embedded database who is calling (issue 14:
 * PGlite runs every query on the main thread). Only where this process owns the database: every change to
 * a session or a user goes through it, and `forgetUser` runs once such a change has committed (logout,
 * password change or reset, address change). A read that started before a `forgetUser` is never kept, so a
 * revoked session cannot come back from a read racing its revocation.
 */
export class SessionCache {
  private readonly byToken = new Map<string, { session: SessionUser; readAt: number }>();
  private readonly tokensOfUser = new Map<string, Set<string>>();
  /** Moves on at every forget: a read begun under an older value may be stale. */
  private generation = 0;

  /** The session, if read less than READ_AGAIN_MS ago and not expired at `now`. */
  get(tokenHash: string, now: Date): SessionUser | null {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return null;
    if (now.getTime() - entry.readAt >= READ_AGAIN_MS || entry.session.expiresAt <= now) {
      this.drop(tokenHash);
      return null;
    }
    return entry.session;
  }

  /** Reads through `read` and keeps its answer, unless a forget happened meanwhile. */
  async read(
    tokenHash: string,
    now: Date,
    read: () => Promise<SessionUser | null>,
  ): Promise<SessionUser | null> {
    const generation = this.generation;
    const session = await read();
    if (session && generation === this.generation) this.keep(tokenHash, session, now);
    return session;
  }

  /** Call once a change to the user's sessions or identity has committed. */
  forgetUser(userId: string): void {
    this.generation += 1;
    for (const tokenHash of this.tokensOfUser.get(userId) ?? []) this.byToken.delete(tokenHash);
    this.tokensOfUser.delete(userId);
  }

  private keep(tokenHash: string, session: SessionUser, now: Date): void {
    this.drop(tokenHash);
    if (this.byToken.size >= MAX_SESSIONS) this.drop(this.byToken.keys().next().value!);
    this.byToken.set(tokenHash, { session, readAt: now.getTime() });
    const tokens = this.tokensOfUser.get(session.user.id) ?? new Set<string>();
    this.tokensOfUser.set(session.user.id, tokens.add(tokenHash));
  }

  private drop(tokenHash: string): void {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return;
    this.byToken.delete(tokenHash);
    const tokens = this.tokensOfUser.get(entry.session.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOfUser.delete(entry.session.user.id);
  }
}

// One per database handle, so that apps sharing it in one process (tests' sibling instances) forget together.
const caches = new WeakMap<Db, SessionCache>();

/**
 * The session cache of this database, or null where other processes may change sessions (PostgreSQL,
 * shared by instances): there every request reads its session, so a revocation made through any instance
 * is refused at the very next request on all of them.
 */
export function sessionCacheOf(deps: Pick<AppDeps, 'db' | 'shared'>): SessionCache | null {
  if (deps.shared.kind !== 'memory') return null;
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new SessionCache()));
  return cache;
}

/** After a committed change to a user's sessions, password or address: their next request reads it. */
export const forgetSessionsOf = (deps: Pick<AppDeps, 'db' | 'shared'>, userId: string): void =>
  sessionCacheOf(deps)?.forgetUser(userId);
