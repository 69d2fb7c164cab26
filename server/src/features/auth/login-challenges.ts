import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type LoginChallenge, challengeProofText, leadingZeroBits } from '@lectern/shared';
import type { AppConfig } from '../../config/env';
import { dataDirKey } from '../../lib/data-dir-key';
import type { Counters } from '../../lib/shared-state';

// The login challenge (issue 20; docs/decisions.md, "A login challenge for a browser new to the account"):
// proof of work that lets a browser the account does not know try its password while a login hold is on.
// The token names the account, expires after two minutes and is signed with a key of the data dir; its
// random id is spent in the shared counters on first use, so every instance refuses a replay.

const KEY_FILE = 'login-challenge.key';
const LIFETIME_MS = 2 * 60_000;
/** About a second of the login page's SHA-256 on a laptop (web/src/features/auth/utils/solve-challenge.ts). */
export const CHALLENGE_BITS = 17;

interface Claims {
  /** The account's address, lower case. */
  a: string;
  /** Random id, spent on use. */
  n: string;
  /** Expiry, epoch ms. */
  x: number;
  b: number;
}

export interface LoginChallenges {
  issue(email: string, now: Date): LoginChallenge;
  /** True for a genuine, unexpired challenge of this address with a correct solution, the first time only. */
  redeem(answer: { token: string; solution: string }, email: string, now: Date): Promise<boolean>;
}

export function loginChallenges(config: Pick<AppConfig, 'dataDir'>, counters: Counters): LoginChallenges {
  const key = dataDirKey(config.dataDir, KEY_FILE);
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  function verified(token: string): Claims | null {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  }

  return {
    issue(email, now) {
      const claims: Claims = {
        a: email.toLowerCase(),
        n: randomBytes(16).toString('base64url'),
        x: now.getTime() + LIFETIME_MS,
        b: CHALLENGE_BITS,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { token: `${payload}.${sign(payload)}`, bits: claims.b };
    },
    async redeem({ token, solution }, email, now) {
      const claims = verified(token);
      if (!claims || claims.a !== email.toLowerCase() || claims.x <= now.getTime()) return false;
      const digest = createHash('sha256').update(challengeProofText(token, solution)).digest();
      if (leadingZeroBits(digest) < claims.b) return false;
      const uses = await counters.hit(`login:challenge:${claims.n}`, LIFETIME_MS, now.getTime());
      return uses.count === 1;
    },
  };
}
