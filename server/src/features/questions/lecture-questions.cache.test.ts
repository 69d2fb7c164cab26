import { describe, expect, it, vi } from 'vitest';
import type { QuestionRow } from './question-list.query';
import { LectureQuestionsCache } from './lecture-questions.cache';

const rows = (n: number) => Array.from({ length: n }, () => ({}) as QuestionRow);

describe('LectureQuestionsCache', () => {
  it('shares one load between concurrent and later callers within the TTL', async () => {
    const cache = new LectureQuestionsCache(1000);
    const load = vi.fn(async () => rows(2));
    const [a, b] = await Promise.all([cache.get('L', 0, load), cache.get('L', 10, load)]);
    expect(await cache.get('L', 999, load)).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads after the TTL, after clear(), and per lecture', async () => {
    const cache = new LectureQuestionsCache(1000);
    const load = vi.fn(async () => rows(1));
    await cache.get('L', 0, load);
    await cache.get('L', 1000, load);
    cache.clear();
    await cache.get('L', 1001, load);
    await cache.get('M', 1001, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('forgets a failed load', async () => {
    const cache = new LectureQuestionsCache(1000);
    await expect(cache.get('L', 0, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('L', 1, async () => rows(3))).toHaveLength(3);
  });
});
