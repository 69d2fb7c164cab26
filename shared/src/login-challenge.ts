import type { ErrorBody } from './errors';

// The login challenge (issue 20, docs/decisions.md "A login challenge for a browser new to the account"):
// while a login hold refuses a browser the account does not know, the 429 carries a signed challenge; a
// browser that finds a solution whose proof text hashes (SHA-256) to `bits` leading zero bits may send the
// password once more with it.

export interface LoginChallenge {
  /** Signed by the server: names the account, expires, and is good for one attempt. */
  token: string;
  /** Leading zero bits the proof's SHA-256 must have. */
  bits: number;
}

/** The 429 of POST /api/login; `challenge` when solving one lets this browser try its password. */
export interface LoginHeldBody extends ErrorBody {
  challenge?: LoginChallenge;
}

/** The text whose SHA-256 must start with the challenge's zero bits. */
export const challengeProofText = (token: string, solution: string): string => `${token}:${solution}`;

/** How many zero bits `digest` starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
