// Only the token and the user id are kept in the browser (SECURITY SESS-5).
const KEY = 'lectern.session';

export interface StoredSession {
  token: string;
  userId: string;
}

/**
 * This page's own copy, for browsers that deny storage: Lectern in an LMS's frame (issue 23) is a
 * third-party document, and where third-party cookies are blocked, so is its localStorage. The session
 * then lasts as long as the page; a new launch from the LMS signs in again.
 */
let inMemory: string | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession | null {
  try {
    const store = storage();
    const raw = store ? store.getItem(KEY) : inMemory;
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.token === 'string' && typeof parsed.userId === 'string'
      ? { token: parsed.token, userId: parsed.userId }
      : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  const raw = JSON.stringify(session);
  const store = storage();
  if (store) store.setItem(KEY, raw);
  else inMemory = raw;
}

export function clearSession(): void {
  storage()?.removeItem(KEY);
  inMemory = null;
}
