import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte secret kept in the data dir (mode 0600), made on first use: restarts and sibling instances
 * sharing the dir accept what one another signed with it.
 */
export function dataDirKey(dataDir: string, file: string): Buffer {
  const keyFile = path.join(dataDir, file);
  try {
    fs.writeFileSync(keyFile, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'hex');
}
