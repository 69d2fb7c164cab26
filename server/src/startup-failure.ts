import { ConfigError } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { UnreadableDatabaseError } from './db/unreadable-database';

// A server that cannot start says what to do in one sentence for the causes a person can fix (a taken
// port, a missing or unreachable database); anything else is a bug and keeps its stack.

interface StartupContext {
  port: number;
  databaseUrl: string | undefined;
}

type ErrorWithCode = Error & { code?: string; errors?: unknown[] };

/** The error's code, or that of the first error inside an AggregateError (node-postgres over IPv4 + IPv6). */
function codeOf(error: unknown): string | undefined {
  const e = error as ErrorWithCode;
  return e.code ?? (Array.isArray(e.errors) ? codeOf(e.errors[0]) : undefined);
}

function databaseParts(url: string): { name: string; where: string } {
  const parsed = new URL(url);
  return { name: decodeURIComponent(parsed.pathname.slice(1)) || '(none)', where: parsed.host };
}

/** One sentence saying what to do, or undefined when the failure is not one a setting fixes. */
export function explainStartupFailure(error: unknown, context: StartupContext): string | undefined {
  const explained = [ConfigError, DataDirLockedError, UnreadableDatabaseError];
  if (explained.some((kind) => error instanceof kind)) return (error as Error).message;
  const code = codeOf(error);
  const db = context.databaseUrl ? databaseParts(context.databaseUrl) : undefined;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${context.port} is already in use: stop the program using it or set PORT to a free port (in .env or the environment).`;
    case 'EACCES':
      return `Lectern may not listen on port ${context.port}: set PORT to a port above 1023 (in .env or the environment).`;
  }
  if (!db) return undefined;
  switch (code) {
    case '3D000': // invalid_catalog_name
      return `The database "${db.name}" named in DATABASE_URL does not exist on ${db.where}: create it (createdb ${db.name}) or fix DATABASE_URL.`;
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification
      return `PostgreSQL on ${db.where} refused the user or password in DATABASE_URL: fix DATABASE_URL.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
      return `Cannot reach PostgreSQL at ${db.where}: start it, or fix DATABASE_URL (or unset it to use the embedded database).`;
  }
  return undefined;
}
