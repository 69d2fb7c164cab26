import { describe, expect, it } from 'vitest';
import { MemoryCounters } from '../../lib/shared-state/counters';
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

  it('treats the same arrow within the window as a repeat, not a new click', async () => {
    const recent = new RecentVotes(new MemoryCounters());
    expect(await recent.isRepeat('q:u', 'UP', at(0))).toBe(false);
    await recent.record('q:u', 'UP', at(0));
    expect(await recent.isRepeat('q:u', 'UP', at(DUPLICATE_VOTE_MS - 1))).toBe(true);
    expect(await recent.isRepeat('q:u', 'DOWN', at(10))).toBe(false);
    expect(await recent.isRepeat('q:other', 'UP', at(10))).toBe(false);
    expect(await recent.isRepeat('q:u', 'UP', at(DUPLICATE_VOTE_MS))).toBe(false);
  });

  it('forgets the other arrow once a vote switches', async () => {
    const recent = new RecentVotes(new MemoryCounters());
    await recent.record('q:u', 'UP', at(0));
    await recent.record('q:u', 'DOWN', at(10));
    expect(await recent.isRepeat('q:u', 'UP', at(20))).toBe(false);
    expect(await recent.isRepeat('q:u', 'DOWN', at(20))).toBe(true);
  });
});
