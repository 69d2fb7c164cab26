import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/domain-event';
import { EventStream } from './event-stream';

// A reader that stops reading must not make the server buffer without bound (issue #8).

/** A response whose client never reads: every write stays buffered. */
function stalledResponse(): ServerResponse {
  return new Writable({ write: () => undefined, highWaterMark: 1024 }) as unknown as ServerResponse;
}

/** A response whose client reads everything, keeping what was written. */
function capturingResponse(): { res: ServerResponse; chunks: string[] } {
  const chunks: string[] = [];
  const res = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as unknown as ServerResponse;
  return { res, chunks };
}

const everyone = {
  userId: null,
  administered: new Set<string>(),
  joined: new Set<string>(),
  joinedLectures: new Set<string>(),
  videoId: 'V1',
};
const answered = (id: number): StoredEvent => ({
  id,
  payload: { type: 'question.answered', videoId: 'V1', questionId: `Q${id}`, responseId: 'R'.repeat(200) },
  audience: {
    visibility: 'watchers',
    courseIds: ['C1'],
    lectures: [{ id: 'L1', courseId: 'C1', availableAt: 0 }],
  },
});

describe('EventStream', () => {
  it('drops a reader whose unread backlog passes 256 KiB, and stops writing to it', () => {
    const res = stalledResponse();
    let closed = 0;
    const stream = new EventStream(res, null, everyone, 0, () => closed++);
    stream.resume([], 1, false);
    let id = 1;
    while (!stream.isClosed && id < 10_000) stream.offer(answered(id++), 1);
    expect(stream.isClosed).toBe(true);
    expect(closed).toBe(1);
    expect(res.destroyed).toBe(true);
    expect(res.writableLength).toBeLessThan(300 * 1024);
    expect(id).toBeGreaterThan(500);
  });

  it('holds live events back while the backlog is replayed, then sends both in id order, once', () => {
    const { res, chunks } = capturingResponse();
    const stream = new EventStream(res, null, everyone, 1, () => undefined);
    stream.offer(answered(4), 1); // arrives live during the replay
    stream.resume([answered(2), answered(3), answered(4)], 1, false);
    stream.offer(answered(4), 1);
    stream.offer(answered(5), 1);
    const ids = chunks.map((c) => /^id: (\d+)/.exec(c)?.[1]).filter(Boolean);
    expect(ids).toEqual(['2', '3', '4', '5']);
  });

  it('tells a client that starts from now where it starts', () => {
    const { res, chunks } = capturingResponse();
    new EventStream(res, null, everyone, 41, () => undefined).resume([], 1, true);
    expect(chunks).toEqual(['id: 41\ndata\n\n']);
  });
});
