import { describe, expect, it, vi } from 'vitest';
import type { EventBus, EventListener } from '../../events/event-bus';
import type { EventPayload } from '../../events/domain-event';
import { LectureQuestionsCache } from './lecture-questions.cache';
import type { LectureSnapshot } from './lecture-snapshot';

let ids = 0;
const snap = (hash = 'h', courseId = 'C', period = 1) =>
  ({ id: ++ids, hash, period, lecture: { courseId } }) as LectureSnapshot;

function fakeBus() {
  let listener: EventListener = () => undefined;
  const bus = { subscribe: (l: EventListener) => ((listener = l), () => undefined) } as unknown as EventBus;
  const send = (payload: EventPayload, lectures: string[], courseIds: string[]) =>
    listener({
      id: 1,
      payload,
      audience: {
        visibility: 'watchers',
        courseIds,
        lectures: lectures.map((id) => ({ id, courseId: courseIds[0] ?? 'C', availableAt: 0 })),
      },
    });
  return { bus, send };
}

describe('LectureQuestionsCache', () => {
  it('shares one load between concurrent and later readers until the recheck', async () => {
    const cache = new LectureQuestionsCache(1000);
    const load = vi.fn(async () => snap());
    const [a, b] = await Promise.all([cache.snapshot('L', 0, 1, load), cache.snapshot('L', 10, 1, load)]);
    expect(await cache.snapshot('L', 999, 1, load)).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the same snapshot across a recheck that reads the same content, not across a change', async () => {
    const cache = new LectureQuestionsCache(1000);
    const first = await cache.snapshot('L', 0, 1, async () => snap('same'));
    expect(await cache.snapshot('L', 1000, 1, async () => snap('same'))).toBe(first);
    const changed = await cache.snapshot('L', 2000, 1, async () => snap('other'));
    expect(changed).not.toBe(first);
    expect(changed?.hash).toBe('other');
  });

  it('reads again in a new signing period, so media URLs are renewed before they expire', async () => {
    const cache = new LectureQuestionsCache(60_000);
    const first = await cache.snapshot('L', 0, 1, async () => snap('h', 'C', 1));
    const next = await cache.snapshot('L', 10, 2, async () => snap('h', 'C', 2));
    expect(next).not.toBe(first);
    expect(next?.period).toBe(2);
  });

  it('drops a lecture named by an event, and the lectures of a course named by a course event', async () => {
    const cache = new LectureQuestionsCache(60_000);
    const { bus, send } = fakeBus();
    cache.followEvents(bus);
    const load = vi.fn(async () => snap());
    const [l, m] = [await cache.snapshot('L', 0, 1, load), await cache.snapshot('M', 0, 1, load)];
    send({ type: 'vote.changed', videoId: 'V', questionId: 'Q' }, ['M'], ['C']); // names M only
    expect(await cache.snapshot('L', 1, 1, load)).toBe(l);
    const m2 = await cache.snapshot('M', 1, 1, load);
    expect(m2).not.toBe(m);
    send({ type: 'video.ready', videoId: 'V' }, ['L'], ['C']); // not a change to questions
    expect(await cache.snapshot('L', 2, 1, load)).toBe(l);
    send({ type: 'course.changed', courseId: 'C' }, [], ['C']);
    await Promise.resolve();
    expect(await cache.snapshot('L', 3, 1, load)).not.toBe(l);
    expect(await cache.snapshot('M', 3, 1, load)).not.toBe(m2);
  });

  it('forgets a failed load and an unknown lecture', async () => {
    const cache = new LectureQuestionsCache(1000);
    await expect(cache.snapshot('L', 0, 1, () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.snapshot('L', 1, 1, async () => null)).toBeNull();
    expect((await cache.snapshot('L', 2, 1, async () => snap('back')))?.hash).toBe('back');
  });

  it("keeps a caller's addition while its snapshot is current, and only when asked to", async () => {
    const cache = new LectureQuestionsCache<string>(1000, 60_000);
    const [s1, s2] = [snap(), snap()];
    const load = vi.fn(async () => 'member');
    expect(await cache.overlay('u L', s1, 0, load, () => true)).toBe('member');
    await cache.overlay('u L', s1, 59_999, load, () => true);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.overlay('u L', s2, 1, load, () => true); // a new snapshot: read again
    await cache.overlay('u L', s2, 120_001, load, () => true); // too old: read again
    expect(load).toHaveBeenCalledTimes(3);
    const outsider = vi.fn(async () => 'none');
    await cache.overlay('v L', s2, 0, outsider, () => false);
    await cache.overlay('v L', s2, 1, outsider, () => false);
    expect(outsider).toHaveBeenCalledTimes(2);
  });
});
