import { Writable } from 'node:stream';

/**
 * The app's log as pino writes it (one JSON object a line), for tests that read what was logged: pass
 * `stream` as the test app's `logStream`, with a LOG_LEVEL that lets the lines through.
 */
export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  /** Every entry whose `msg` is `msg`, oldest first. */
  const entries = (msg: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === msg);
  /** The whole log, for what must never be in it. */
  const text = () => lines.join('\n');
  return { stream, entries, text };
}
