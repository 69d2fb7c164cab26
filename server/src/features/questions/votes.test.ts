import { describe, expect, it } from 'vitest';
import { DUPLICATE_VOTE_MS, RecentVotes, nextVote } from './votes';

describe('nextVote (DESIGN §5.6)', () => {
  it('sets a first vote, removes a repeated one, switches to the other arrow', () => {
    expect(nextVote(null, 'UP')).toBe('UP');
    expect(nextVote(null, 'DOWN')).toBe('DOWN');
    expect(nextVote('UP', 'UP')).toBeNull();
    expect(nextVote('DOWN', 'DOWN')).toBeNull();
    expect(nextVote('UP', 'DOWN')).toBe('DOWN');
    expect(nextVote('DOWN', 'UP')).toBe('UP');
  });
});

describe('RecentVotes', () => {
  const at = (ms: number) => new Date(1_700_000_000_000 + ms);

  it('treats the same arrow within the window as a repeat, not a new click', () => {
    const recent = new RecentVotes();
    expect(recent.isRepeat('q:u', 'UP', at(0))).toBe(false);
    recent.record('q:u', 'UP', at(0));
    expect(recent.isRepeat('q:u', 'UP', at(DUPLICATE_VOTE_MS - 1))).toBe(true);
    expect(recent.isRepeat('q:u', 'DOWN', at(10))).toBe(false);
    expect(recent.isRepeat('q:other', 'UP', at(10))).toBe(false);
    expect(recent.isRepeat('q:u', 'UP', at(DUPLICATE_VOTE_MS))).toBe(false);
  });

  it('forgets stale entries so memory stays bounded', () => {
    const recent = new RecentVotes(1000);
    for (let i = 0; i < 100; i++) recent.record(`q:${i}`, 'UP', at(i));
    expect(recent.size).toBe(100);
    recent.record('q:last', 'DOWN', at(5000));
    expect(recent.size).toBe(1);
  });
});
