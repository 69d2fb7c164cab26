import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('doubles per attempt, with jitter in the upper half', () => {
    expect(retryDelayMs(1, () => 0)).toBe(500);
    expect(retryDelayMs(1, () => 1)).toBe(1_000);
    expect(retryDelayMs(4, () => 1)).toBe(8_000);
  });

  it('never waits more than ten minutes', () => {
    expect(retryDelayMs(40, () => 1)).toBe(600_000);
  });
});
