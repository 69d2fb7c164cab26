import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';

// Errors from the database (issue 12). Drizzle wraps a failed query in an error whose message lists the
// query's parameters, which may be a password's hash, a token or an e-mail address: that must never
// reach a log. And a value the database refuses (a NUL in text, a number out of a column's range) is
// the client's mistake, a 400, not a 500.

interface DatabaseError extends Error {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/** The driver's error behind a failed query (node-postgres and PGlite both carry a SQLSTATE `code`). */
const databaseErrorOf = (error: unknown): DatabaseError | undefined =>
  (error instanceof DrizzleQueryError ? error.cause : error) as DatabaseError | undefined;

/** The SQLSTATE of a failed query, if `error` is one. */
export function sqlStateOf(error: unknown): string | undefined {
  const code = databaseErrorOf(error)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** SQLSTATE class 22, data exception: the value does not fit its column (NUL byte, out of range). */
export const isDataException = (error: unknown): boolean => sqlStateOf(error)?.startsWith('22') === true;

// The database's messages quote the offending value: `invalid input syntax for type uuid: "…"`.
const withoutQuotedValues = (text: string) => text.replace(/"[^"]*"/g, '"…"');

/**
 * Pino's error serializer, minus what a failed query would leak: its parameters, and the values the
 * database's message quotes. The SQL text (placeholders only), SQLSTATE and constraint stay.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return pino.stdSerializers.err(error as Error);
  const cause = databaseErrorOf(error);
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${error.query}`,
    code: cause?.code,
    constraint: cause?.constraint,
    table: cause?.table,
    column: cause?.column,
    cause: cause?.message === undefined ? undefined : withoutQuotedValues(cause.message),
    // The stack's first line repeats the message; the frames are enough.
    stack: (cause?.stack ?? error.stack ?? '').split('\n').slice(1).join('\n'),
  };
}

/** A message to record about a failure (a job's last error): a failed query's without its parameters. */
export const recordableMessage = (error: unknown): string =>
  error instanceof DrizzleQueryError
    ? `Failed query: ${error.query}: ${withoutQuotedValues(error.cause?.message ?? '')}`
    : error instanceof Error
      ? error.message
      : String(error);
