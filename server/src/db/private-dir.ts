import fs from 'node:fs';
import path from 'node:path';

// The embedded database's folder holds the password hashes, in its tables and in its write-ahead log:
// only Lectern's own user may read it (issue 20). PGlite creates its files world-writable, and a copy of
// the template keeps the template's modes, so every start makes the whole folder private again:
// folders 0700, files 0600. Files PGlite adds while running sit inside the 0700 folder.

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes `dir` and everything under it private (symbolic links are left alone). Returns true when `dir`
 * itself was open to other users, which is worth a warning: what it holds could be read until now.
 */
export function makePrivate(dir: string): boolean {
  const wasOpen = (fs.statSync(dir).mode & 0o077) !== 0;
  const visit = (entry: string, isDir: boolean) => {
    const wanted = isDir ? PRIVATE_DIR : PRIVATE_FILE;
    if ((fs.lstatSync(entry).mode & 0o777) !== wanted) fs.chmodSync(entry, wanted);
    if (!isDir) return;
    for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
      if (child.isDirectory() || child.isFile()) visit(path.join(entry, child.name), child.isDirectory());
    }
  };
  visit(dir, true);
  return wasOpen;
}
