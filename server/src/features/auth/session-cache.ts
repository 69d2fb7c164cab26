import type { AppDeps } from '../../app-deps';
import type { NoticeBus } from '../../events/notice-bus';
import { publishNotice } from '../../events/notices';
import type { SessionUser } from './sessions.repository';

// Bounds on what memory holds: a session is read again at least this often (as open event streams
// re-read theirs), and no more than this many are kept (the oldest go first).
const READ_AGAIN_MS = 30_000;
const MAX_SESSIONS = 20_000;

/**
 * Live sessions by token hash, so that a poll does not ask the database who is calling (issue 14: PGlite
 * runs every query on the main thread; issue 27: a 304 does no database work). `forgetUser` runs once a
 * change to a session or a user has committed (logout, password change or reset, name or address
 * change), here at once and on the other instances when its notice arrives. A read that started before a
 * `forgetUser` is never kept, so a revoked session cannot come back from a read racing its revocation.
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

  /** Everything kept may be stale (changes may have been missed): read every session again. */
  forgetAll(): void {
    this.generation += 1;
    this.byToken.clear();
    this.tokensOfUser.clear();
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

// One per app (each has its own notice bus): instances in one process keep their caches apart as separate
// processes do, and hear each other's changes the same way.
const caches = new WeakMap<NoticeBus, SessionCache>();

/**
 * The session cache of this app. Every instance keeps one: a change made through another instance reaches
 * it as a notice once that change commits (a revoked session, a changed user), and a lost notice
 * connection empties it, so a revoked session is refused as soon as the notice arrives (milliseconds) and
 * at the latest READ_AGAIN_MS later.
 */
export function sessionCacheOf(deps: Pick<AppDeps, 'notices'>): SessionCache {
  const cache = caches.get(deps.notices);
  if (cache) return cache;
  const kept = new SessionCache();
  deps.notices.subscribe((notice) => {
    if (notice.kind === 'sessions.ended' || notice.kind === 'user.changed') kept.forgetUser(notice.userId);
  });
  deps.notices.onResume(() => kept.forgetAll());
  caches.set(deps.notices, kept);
  return kept;
}

/**
 * After a committed change to a user's sessions, password, name or address: their next request on this
 * instance reads it, and every other instance is told.
 */
export async function forgetSessionsOf(deps: Pick<AppDeps, 'db' | 'notices'>, userId: string): Promise<void> {
  sessionCacheOf(deps).forgetUser(userId);
  await publishNotice(deps.db, { kind: 'user.changed', userId });
}
