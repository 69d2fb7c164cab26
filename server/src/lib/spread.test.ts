import { describe, expect, it } from 'vitest';
import { spreadMs } from './spread';

describe('spreadMs', () => {
  it('gives each key the same share every time, within the range', () => {
    expect(spreadMs('session 1', 60_000)).toBe(spreadMs('session 1', 60_000));
    expect(spreadMs('session 1', 60_000)).toBeGreaterThanOrEqual(0);
    expect(spreadMs('session 1', 60_000)).toBeLessThan(60_000);
  });

  it('spreads a thousand keys over the whole range, about evenly', () => {
    const tenths = new Array<number>(10).fill(0);
    for (let i = 0; i < 1000; i++) tenths[Math.floor(spreadMs(`user-${i}`, 60_000) / 6_000)]! += 1;
    for (const count of tenths) expect(count).toBeGreaterThan(60); // 100 expected in each tenth
  });
});
