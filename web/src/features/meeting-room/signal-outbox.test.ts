import { describe, expect, it, vi } from 'vitest';
import { SIGNAL_DELIVERY_TIMEOUT_MS, SignalOutbox, candidatesOf } from './signal-outbox';

/** A delivery that answers only when the test lets it. */
function slowServer() {
  const sent: Array<{ kind: string; data: string }> = [];
  const waiting: Array<() => void> = [];
  const deliver = (kind: string, data: string) => {
    sent.push({ kind, data });
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const answer = async () => {
    waiting.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { sent, deliver, answer };
}

describe('SignalOutbox', () => {
  it('sends one signal at a time, in order, and the candidates that waited as one', async () => {
    const server = slowServer();
    let idle = 0;
    const outbox = new SignalOutbox(server.deliver, () => (idle += 1));
    outbox.push('offer', 'o1');
    outbox.push('candidate', '{"candidate":"c1"}');
    outbox.push('candidate', '{"candidate":"c2"}');
    expect(server.sent).toEqual([{ kind: 'offer', data: 'o1' }]);
    expect(outbox.idle).toBe(false);

    await server.answer();
    outbox.push('candidate', '{"candidate":"c3"}');
    expect(server.sent[1]).toEqual({ kind: 'candidate', data: '[{"candidate":"c1"},{"candidate":"c2"}]' });
    await server.answer();
    expect(candidatesOf(server.sent[2]!.data)).toEqual([{ candidate: 'c3' }]);
    expect(idle).toBe(0);
    await server.answer();
    expect(outbox.idle).toBe(true);
    expect(idle).toBe(1);
  });

  it('keeps candidates behind the offer that follows them, and a lost signal does not stop the rest', async () => {
    const sent: string[] = [];
    const outbox = new SignalOutbox(
      async (kind, data) => {
        sent.push(`${kind}:${data}`);
        if (kind === 'offer') throw new Error('lost');
      },
      () => undefined,
    );
    outbox.push('offer', 'o1');
    outbox.push('candidate', '{"a":1}');
    outbox.push('answer', 'a1');
    outbox.push('candidate', '{"b":2}');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['offer:o1', 'candidate:[{"a":1}]', 'answer:a1', 'candidate:[{"b":2}]']);
  });

  it('gives up on a delivery that never answers, so the signals behind it still leave (issue 21)', async () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const abandoned: boolean[] = [];
      let idle = 0;
      const outbox = new SignalOutbox(
        (kind, data, abandon) => {
          sent.push(`${kind}:${data}`);
          // The first request hangs for ever (a proxy holding it); the next ones answer.
          if (sent.length > 1) return Promise.resolve();
          return new Promise(() => abandon.addEventListener('abort', () => abandoned.push(true)));
        },
        () => (idle += 1),
      );
      outbox.push('answer', 'a1');
      outbox.push('offer', 'o2');
      await vi.advanceTimersByTimeAsync(SIGNAL_DELIVERY_TIMEOUT_MS - 1);
      expect(sent).toEqual(['answer:a1']);
      await vi.advanceTimersByTimeAsync(1);
      expect(abandoned).toEqual([true]);
      expect(sent).toEqual(['answer:a1', 'offer:o2']);
      expect(outbox.idle).toBe(true);
      expect(idle).toBe(1);
      // Lost, not slow: the link's stall check does not wait 2 × 15 s longer for an answer because of it.
      expect(outbox.recentDelayMs).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a single candidate as older tabs send it', () => {
    expect(candidatesOf('{"candidate":"x"}')).toEqual([{ candidate: 'x' }]);
  });
});
