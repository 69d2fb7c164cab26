import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { clientGoneAtInfo } from './client-gone-log';

const capture = () => {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { lines, log: pino({ hooks: { logMethod: clientGoneAtInfo } }, stream) };
};

describe('clientGoneAtInfo', () => {
  it("logs pump's bare premature close at info, as Fastify logs a client gone", () => {
    const { lines, log } = capture();
    log.error(new Error('premature close'));
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'stream closed prematurely' })]);
  });

  it('leaves every other error at error level, with its message', () => {
    const { lines, log } = capture();
    log.error(new Error('disk full'));
    log.error(Object.assign(new Error('premature close'), { code: 'SOMETHING_ELSE' }));
    log.error('premature close');
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'disk full'],
      [50, 'premature close'],
      [50, 'premature close'],
    ]);
  });
});
