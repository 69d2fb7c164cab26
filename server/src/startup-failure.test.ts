import { describe, expect, it } from 'vitest';
import { ConfigError } from './config/env';
import { explainStartupFailure } from './startup-failure';

const withCode = (code: string) => Object.assign(new Error(code), { code });
const postgres = { port: 3000, databaseUrl: 'postgres://lectern:secret@db.example.edu:5432/lectern' };

describe('explainStartupFailure', () => {
  it('says what to do for the failures a setting fixes, without the password', () => {
    expect(explainStartupFailure(withCode('EACCES'), postgres)).toBe(
      'Lectern may not listen on port 3000: set PORT to a port above 1023 (in .env or the environment).',
    );
    expect(explainStartupFailure(withCode('28P01'), postgres)).toBe(
      'PostgreSQL on db.example.edu:5432 refused the user or password in DATABASE_URL: fix DATABASE_URL.',
    );
    // node-postgres reports a refused connection over IPv4 and IPv6 as one AggregateError.
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(explainStartupFailure(refused, postgres)).toBe(
      'Cannot reach PostgreSQL at db.example.edu:5432: start it, or fix DATABASE_URL (or unset it to use the embedded database).',
    );
    expect(explainStartupFailure(new ConfigError('Invalid configuration:\n  PORT: bad'), postgres)).toBe(
      'Invalid configuration:\n  PORT: bad',
    );
  });

  it('leaves anything else (a bug) to its stack, and database codes alone without DATABASE_URL', () => {
    expect(explainStartupFailure(new TypeError('x is undefined'), postgres)).toBeUndefined();
    expect(
      explainStartupFailure(withCode('ECONNREFUSED'), { port: 3000, databaseUrl: undefined }),
    ).toBeUndefined();
  });
});
