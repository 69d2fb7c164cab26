import { type LoginChallenge, challengeProofText, leadingZeroBits } from '@lectern/shared';
import { sha256 } from './sha256';

// Solves the login challenge (shared/src/login-challenge.ts): tries 0, 1, 2 … until the proof text's
// SHA-256 starts with the challenge's zero bits, about 2^bits tries, yielding to the page between batches
// so it stays responsive.

const BATCH = 2048;
const encoder = new TextEncoder();

export async function solveChallenge(challenge: LoginChallenge): Promise<string> {
  for (let n = 0; ; n++) {
    if (n % BATCH === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const solution = n.toString(36);
    const digest = sha256(encoder.encode(challengeProofText(challenge.token, solution)));
    if (leadingZeroBits(digest) >= challenge.bits) return solution;
  }
}
