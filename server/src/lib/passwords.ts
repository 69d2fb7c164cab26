import os from 'node:os';
import argon2 from 'argon2';
import { Semaphore } from './semaphore';

// argon2id at OWASP's minimum (SECURITY AUTH-1): 19 MiB, t=2, p=1, about 34 ms a hash here.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// A login burst must not starve the thread pool that also serves file I/O (SECURITY §4).
const hashing = new Semaphore(Math.max(1, os.availableParallelism()));

export const hashPassword = (password: string): Promise<string> =>
  hashing.run(() => argon2.hash(password, OPTIONS));

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throw-away hash so an unknown email costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('lectern-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
