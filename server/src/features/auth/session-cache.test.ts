import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';
import type { SessionUser } from './sessions.repository';

const NOW = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const session = (userId: string, expiresAt = at(3600_000)): SessionUser => ({
  sessionId: `s-${userId}`,
  user: { id: userId, name: 'Ada', email: 'ada@example.edu' },
  createdAt: NOW,
  lastUsedAt: NOW,
  expiresAt,
});

describe('SessionCache', () => {
  it('keeps what it read until the user is forgotten', async () => {
    const cache = new SessionCache();
    await cache.read('t1', NOW, async () => session('u1'));
    expect(cache.get('t1', at(1000))?.user.id).toBe('u1');
    cache.forgetUser('u1');
    expect(cache.get('t1', at(1000))).toBeNull();
  });

  it('never keeps a read that a forget overtook (a revocation racing the lookup)', async () => {
    const cache = new SessionCache();
    let answer!: (s: SessionUser) => void;
    const reading = cache.read('t1', NOW, () => new Promise((resolve) => (answer = resolve)));
    cache.forgetUser('u1'); // committed while the read was under way
    answer(session('u1'));
    expect((await reading)?.user.id).toBe('u1'); // this request began before the revocation
    expect(cache.get('t1', NOW)).toBeNull(); // the next one reads again
  });

  it('reads again after 30 s and refuses an expired session at once', async () => {
    const cache = new SessionCache();
    await cache.read('t1', NOW, async () => session('u1', at(10_000)));
    await cache.read('t2', NOW, async () => session('u2'));
    expect(cache.get('t1', at(9_999))).not.toBeNull();
    expect(cache.get('t1', at(10_000))).toBeNull();
    expect(cache.get('t2', at(29_999))).not.toBeNull();
    expect(cache.get('t2', at(30_000))).toBeNull();
  });

  it('forgets everything, and a read under way, when notices may have been missed', async () => {
    const cache = new SessionCache();
    await cache.read('t1', NOW, async () => session('u1'));
    let answer!: (s: SessionUser) => void;
    const reading = cache.read('t2', NOW, () => new Promise((resolve) => (answer = resolve)));
    cache.forgetAll(); // the notice connection came back
    answer(session('u2'));
    await reading;
    expect(cache.get('t1', NOW)).toBeNull();
    expect(cache.get('t2', NOW)).toBeNull();
  });
});
