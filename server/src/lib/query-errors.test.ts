import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDataException, loggableError, recordableMessage, sqlStateOf } from './query-errors';

// Issue 12: the log once held every parameter of a failed query, an argon2 hash among them.

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNo';
const failed = () =>
  new DrizzleQueryError(
    'insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)',
    ['Nul\u0000Name', 'victim@test.lectern', HASH],
    Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
  );

describe('query errors', () => {
  it('logs a failed query without its parameters or the values its message quotes', () => {
    const logged = JSON.stringify(loggableError(failed()));
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain('victim@test.lectern');
    expect(logged).not.toContain('UTF8');
    expect(logged).toContain('insert into');
    expect(logged).toContain('22021');
    expect(recordableMessage(failed())).not.toContain('$argon2');
  });

  it('knows a data exception behind Drizzle’s wrapper, and nothing else as one', () => {
    expect(sqlStateOf(failed())).toBe('22021');
    expect(isDataException(failed())).toBe(true);
    expect(isDataException(Object.assign(new Error('x'), { code: 'EPERM' }))).toBe(false);
    expect(isDataException(new Error('plain'))).toBe(false);
  });
});
