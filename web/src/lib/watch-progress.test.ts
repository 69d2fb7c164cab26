import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordWatched, watchedFraction } from './watch-progress';

/** The part of the browser's Storage these functions use, for Node. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

describe('watch progress', () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));

  it('adds the furthest point of each video of the lecture, in 5 s steps, and never goes back', () => {
    recordWatched('u1', 'l1', 'v1', 42.9);
    recordWatched('u1', 'l1', 'v1', 12);
    recordWatched('u1', 'l1', 'v2', 30);
    expect(watchedFraction('u1', 'l1', 140)).toBeCloseTo(70 / 140);
  });

  it('keeps each user’s progress apart and caps at the whole lecture', () => {
    recordWatched('u1', 'l1', 'v1', 500);
    expect(watchedFraction('u1', 'l1', 100)).toBe(1);
    expect(watchedFraction('u2', 'l1', 100)).toBe(0);
  });

  it('has no fraction for a lecture of unknown length, and survives unreadable storage', () => {
    expect(watchedFraction('u1', 'l1', null)).toBeNull();
    localStorage.setItem('lectern.watched.u1.l1', 'not json');
    expect(watchedFraction('u1', 'l1', 100)).toBe(0);
  });
});
