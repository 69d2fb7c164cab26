import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config/env';
import { dataDirKey } from '../../lib/data-dir-key';

// A browser that has logged in to an account before is trusted for it (issue 20; OWASP's "device cookies"):
// its correct password gets in even while the campus IP it shares, or its (account, IP) pair, is held
// by someone else's guessing. A successful login sets an HttpOnly, SameSite=Strict cookie, sent only to
// POST /api/login, naming the account and a random device id, signed with a key of the data dir. Guesses
// made with the cookie count against that device alone, so stealing the cookie does not buy more guesses.

const KEY_FILE = 'login-device.key';
const COOKIE_PREFIX = 'lectern-device-';
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;

export interface LoginDevices {
  /** The device id of a valid cookie this request carries for `userId`, else null. */
  trusted(cookieHeader: string | undefined, userId: string, now: Date): string | null;
  /** The Set-Cookie value that trusts this browser for `userId` (a fresh id, or the device's own). */
  cookieFor(userId: string, now: Date, deviceId?: string): string;
}

export function loginDevices(config: Pick<AppConfig, 'dataDir' | 'publicUrl'>): LoginDevices {
  const key = dataDirKey(config.dataDir, KEY_FILE);
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';

  return {
    trusted(cookieHeader, userId, now) {
      const value = cookieValue(cookieHeader, `${COOKIE_PREFIX}${userId}`);
      const [deviceId, issued, signature] = value?.split('.') ?? [];
      if (!deviceId || !issued || !signature) return null;
      const expected = Buffer.from(sign(`${userId}.${deviceId}.${issued}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const age = now.getTime() / 1000 - Number(issued);
      return age >= 0 && age < LIFETIME_SECONDS ? deviceId : null;
    },
    cookieFor(userId, now, deviceId = randomBytes(16).toString('base64url')) {
      const issued = String(Math.floor(now.getTime() / 1000));
      const value = `${deviceId}.${issued}.${sign(`${userId}.${deviceId}.${issued}`)}`;
      return `${COOKIE_PREFIX}${userId}=${value}; Max-Age=${LIFETIME_SECONDS}; Path=/api/login; HttpOnly; SameSite=Strict${secure}`;
    },
  };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
