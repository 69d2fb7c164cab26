import { describe, expect, it } from 'vitest';
import { MemoryCounters } from './counters';
import { LockTimeoutError, MemoryLocks } from './locks';

describe('MemoryCounters', () => {
  it('counts hits in a fixed window, then starts a new one', async () => {
    const counters = new MemoryCounters();
    expect(await counters.hit('k', 1000, 0)).toEqual({ count: 1, resetAt: 1000 });
    expect(await counters.hit('k', 1000, 999)).toEqual({ count: 2, resetAt: 1000 });
    expect(await counters.peek('k', 999)).toEqual({ count: 2, resetAt: 1000 });
    expect(await counters.peek('k', 1000)).toBeNull();
    expect(await counters.hit('k', 1000, 1000)).toEqual({ count: 1, resetAt: 2000 });
    await counters.reset('k');
    expect(await counters.peek('k', 1001)).toBeNull();
  });

  it('sweeps ended windows and keeps live ones (issue 12)', async () => {
    const counters = new MemoryCounters();
    await counters.hit('login:pair:a|1.2.3.4', 1000, 0);
    await counters.hit('login:pair:b|5.6.7.8', 5000, 0);
    expect(counters.sweep(2000)).toBe(1);
    expect(counters.sweep(2000)).toBe(0);
    expect(await counters.peek('login:pair:b|5.6.7.8', 2000)).toEqual({ count: 1, resetAt: 5000 });
  });
});

describe('MemoryLocks', () => {
  it('makes a second locker wait, asking the holder to let go', async () => {
    const locks = new MemoryLocks();
    let asked = false;
    const unlock = await locks.lock('u', { onReleaseRequested: () => (asked = true) });
    let second = false;
    const waiting = locks.lock('u').then((release) => {
      second = true;
      return release;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBe(true);
    expect(second).toBe(false);
    await unlock();
    await (
      await waiting
    )();
    expect(second).toBe(true);
  });

  it('gives up after the timeout or when the request goes away', async () => {
    const locks = new MemoryLocks();
    await locks.lock('u');
    await expect(locks.lock('u', { timeoutMs: 30 })).rejects.toBeInstanceOf(LockTimeoutError);
    const gone = new AbortController();
    const waiting = locks.lock('u', { signal: gone.signal });
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(LockTimeoutError);
    await (
      await locks.lock('other', { timeoutMs: 30 })
    )();
  });
});
