// Only the token and the user id are kept in the browser (SECURITY SESS-5).
const KEY = 'lectern.session';

export interface StoredSession {
  token: string;
  userId: string;
}

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.token === 'string' && typeof parsed.userId === 'string'
      ? { token: parsed.token, userId: parsed.userId }
      : null;
  } catch {
    return null;
  }
}

export const writeSession = (session: StoredSession): void =>
  localStorage.setItem(KEY, JSON.stringify(session));
export const clearSession = (): void => localStorage.removeItem(KEY);
