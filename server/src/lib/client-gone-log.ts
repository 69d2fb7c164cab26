import type { LogFn, Logger } from 'pino';

/**
 * A pino `logMethod` hook: a client that went away in the middle of a compressed answer is logged at info,
 * as Fastify logs it for an uncompressed one ("stream closed prematurely"). @fastify/compress pipes the
 * answer with `pump` and logs every pipe error at error level, and pump's error for that case is a bare
 * Error("premature close") without a code: a page navigating away filled the log with false alarms.
 */
export function clientGoneAtInfo(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
  const [first] = args;
  if (level >= ERROR_LEVEL && isPumpPrematureClose(first)) {
    return this.info({ err: first }, 'stream closed prematurely');
  }
  return method.apply(this, args);
}

const ERROR_LEVEL = 50;

const isPumpPrematureClose = (value: unknown): value is Error =>
  value instanceof Error && value.message === 'premature close' && !('code' in value);
