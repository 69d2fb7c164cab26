import { createHash } from 'node:crypto';
import { challengeProofText, leadingZeroBits } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';
import { solveChallenge } from './solve-challenge';

// The login page's SHA-256 and challenge solver (issue 20) agree with Node's SHA-256, which the server uses.

const nodeSha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());

describe('the login challenge solver', () => {
  it('hashes like SHA-256 at every length around the block and padding edges', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(sha256(bytes)).toEqual(nodeSha256(bytes));
    }
  });

  it('finds a solution whose proof has the zero bits asked for', async () => {
    const challenge = { token: 'payload.signature', bits: 12 };
    const solution = await solveChallenge(challenge);
    const digest = nodeSha256(new TextEncoder().encode(challengeProofText(challenge.token, solution)));
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(12);
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0, 0x10, 0xff]))).toBe(19);
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array(2))).toBe(16);
  });
});
