import { describe, expect, it } from 'vitest';
import { formatRating, ownVote } from './votes';

describe('ownVote', () => {
  it("reads the caller's vote", () => {
    expect(ownVote({ u1: 'UP' }, 'u1')).toBe('UP');
    expect(ownVote({ u1: 'DOWN' }, 'u1')).toBe('DOWN');
  });

  it('is NONE without a vote, a user or votes', () => {
    expect(ownVote({ u2: 'UP' }, 'u1')).toBe('NONE');
    expect(ownVote({ u1: 'UP' }, undefined)).toBe('NONE');
    expect(ownVote(undefined, 'u1')).toBe('NONE');
  });
});

describe('formatRating', () => {
  it('signs positive totals only', () => {
    expect(formatRating(3)).toBe('+3');
    expect(formatRating(0)).toBe('0');
    expect(formatRating(-2)).toBe('-2');
  });
});
