import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[[[\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\",  "b":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(100_000)}`, 16)).toBe(true);
  });
});
