import { describe, expect, it } from 'vitest';
import { StreamCounts } from './stream-limits';

const limits = { total: 6, perUser: 2, perAddress: 4, anonymousPerAddress: 3 };
const status = (take: () => unknown): number | null => {
  try {
    take();
    return null;
  } catch (error) {
    return (error as { statusCode: number }).statusCode;
  }
};

describe('StreamCounts', () => {
  it('counts per user, anonymous readers per address, every reader per address, and all', () => {
    const counts = new StreamCounts(limits);
    const u = { userId: 'u', address: 'a' };
    const anonymous = { userId: null, address: 'a' };
    const releaseU = counts.take(u);
    counts.take(u);
    expect(status(() => counts.take(u))).toBe(429);
    counts.take(anonymous);
    counts.take(anonymous);
    expect(status(() => counts.take(anonymous))).toBe(429); // address a holds 4
    releaseU();
    releaseU(); // twice releases once
    counts.take(anonymous);
    expect(status(() => counts.take(anonymous))).toBe(429); // 3 anonymous on a
    counts.take({ userId: 'v', address: 'b' });
    counts.take({ userId: 'w', address: 'b' });
    expect(counts.size).toBe(6);
    expect(status(() => counts.take({ userId: 'x', address: 'c' }))).toBe(503);
  });
});
