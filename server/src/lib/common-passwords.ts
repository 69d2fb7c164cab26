import fs from 'node:fs';
import path from 'node:path';
import { badRequest } from './errors';
import { serverDir } from './server-dir';

// SECURITY AUTH-2: the 3000 most common passwords long enough to pass the length rule (8 to 128), most
// common first, from the frequency list of zxcvbn-ts (@zxcvbn-ts/language-common 4.1.3, MIT). Shorter
// ones are refused by the length rule already. Compared without case: "PASSWORD1" is as weak.
const COMMON = new Set(
  fs.readFileSync(path.join(serverDir, 'src/lib/common-passwords.txt'), 'utf8').split('\n').filter(Boolean),
);

export const TOO_COMMON = 'This password is one of the most common ones. Choose another.';

export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());

/** Throws 400 for a password on the list; signup, reset and change call it before hashing. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(TOO_COMMON);
}
