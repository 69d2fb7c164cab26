import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

const STREAM =
  'id: 7\nevent: question.asked\ndata: {"id":"7"}\n\n: ping\n\nid: 8\nevent: vote.changed\ndata: {"id":"8"}\n\n';

describe('createSseParser', () => {
  it('turns a stream into messages with id, event and data, skipping comments', () => {
    const parser = createSseParser();
    expect(parser.push(STREAM)).toEqual([
      { id: '7', event: 'question.asked', data: '{"id":"7"}' },
      { id: '8', event: 'vote.changed', data: '{"id":"8"}' },
    ]);
    expect(parser.lastEventId).toBe('8');
  });

  it('gives the same messages whatever the chunk boundaries, one character at a time included', () => {
    const whole = createSseParser().push(STREAM);
    for (const size of [1, 2, 3, 5, 13]) {
      const parser = createSseParser();
      const got = [];
      for (let i = 0; i < STREAM.length; i += size) got.push(...parser.push(STREAM.slice(i, i + size)));
      expect(got).toEqual(whole);
    }
  });

  it('accepts CR LF and lone CR line ends, also a CR LF split between chunks', () => {
    const parser = createSseParser();
    expect(parser.push('id: 1\r\nevent: a\r\ndata: x\r')).toEqual([]);
    // The LF completing "data: x\r" must not count as a second, empty line that would end the message.
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\r\n')).toEqual([{ id: '1', event: 'a', data: 'x' }]);
    expect(parser.push('data: y\r\rdata: z\n\n')).toEqual([
      { id: '1', event: 'message', data: 'y' },
      { id: '1', event: 'message', data: 'z' },
    ]);
  });

  it('joins several data lines with LF and keeps a value without the optional space', () => {
    const parser = createSseParser();
    expect(parser.push('data:one\ndata: two\ndata\n\n')).toEqual([
      { id: '', event: 'message', data: 'one\ntwo\n' },
    ]);
  });

  it('dispatches nothing for a block without data, but remembers its id', () => {
    const parser = createSseParser();
    expect(parser.push('id: 42\nevent: nothing\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('42');
    expect(parser.push('data: d\n\n')).toEqual([{ id: '42', event: 'message', data: 'd' }]);
  });

  it('ignores an id containing NUL and unknown fields', () => {
    const parser = createSseParser();
    parser.push('id: 5\n\n');
    expect(parser.push('id: 6\0\nretry: 10\nfoo: bar\ndata: d\n\n')).toEqual([
      { id: '5', event: 'message', data: 'd' },
    ]);
  });

  it('holds back an unfinished message until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('event: a\ndata: partial')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: '', event: 'a', data: 'partial' }]);
  });
});
