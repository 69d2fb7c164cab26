import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession, writeSession } from './session-storage';

const deniedStorage = () => {
  throw new DOMException(
    "Failed to read the 'localStorage' property from 'Window': Access is denied",
    'SecurityError',
  );
};

describe('session storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(globalThis, 'localStorage');
    clearSession();
  });

  it('keeps the session in localStorage where the browser allows it', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    writeSession({ token: 't1', userId: 'u1' });
    expect(JSON.parse(store.get('lectern.session')!)).toEqual({ token: 't1', userId: 'u1' });
    expect(readSession()).toEqual({ token: 't1', userId: 'u1' });
    clearSession();
    expect(readSession()).toBeNull();
  });

  it('keeps it in the page where storage is denied (a third-party frame in an LMS)', () => {
    Object.defineProperty(globalThis, 'localStorage', { get: deniedStorage, configurable: true });
    expect(readSession()).toBeNull();
    writeSession({ token: 't2', userId: 'u2' });
    expect(readSession()).toEqual({ token: 't2', userId: 'u2' });
    clearSession();
    expect(readSession()).toBeNull();
  });
});
