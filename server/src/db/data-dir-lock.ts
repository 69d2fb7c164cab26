import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Two processes opening one PGlite data dir corrupt it beyond repair (DESIGN §7): whoever opens it
// holds this lock first. The lock file appears with its owner's pid already in it (written aside, then
// hard-linked into place, which fails if it exists), so no one ever reads a half-written lock. A lock
// left by a dead process is taken over atomically (issue 12: two processes could both take a stale
// lock): one process at a time, holding a takeover mutex (created the same way), deletes the lock it
// judged stale if it is still that very file; then anyone may create a fresh one, and only one will.

export class DataDirLockedError extends Error {
  /** `holder`: the live process that holds the lock, when known. */
  constructor(
    message: string,
    readonly holder?: number,
  ) {
    super(message);
  }
}

const LOCK_NAME = 'lectern.lock';
const ATTEMPTS = 100;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Creates the lock with our pid in it, or returns false if a lock exists. */
function tryCreate(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}-${randomUUID()}`;
  fs.writeFileSync(draft, String(process.pid), { flag: 'wx' });
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** The current lock's owner and file identity, or null if it vanished meanwhile. */
function readLock(lockPath: string): LockFile | null {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, 'r');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    return { ino: fs.fstatSync(fd).ino, pid: Number.parseInt(fs.readFileSync(fd, 'utf8'), 10) };
  } finally {
    fs.closeSync(fd);
  }
}

type LockFile = { pid: number; ino: number };
// Inodes are reused at once: a file is the one judged stale only if both its inode and its pid match.
const same = (a: LockFile | null, b: LockFile) => a !== null && a.ino === b.ino && a.pid === b.pid;

/** Removes the file at `file` if it is still the one judged stale, and only that one. */
function removeIfSame(file: string, stale: LockFile): void {
  const aside = `${file}.stale-${process.pid}-${randomUUID()}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return; // someone else removed it first
    throw error;
  }
  if (!same(readLock(aside), stale)) {
    // A live file put there since we looked: put it back (link fails only if yet another appeared).
    try {
      fs.linkSync(aside, file);
    } catch {
      // that newer file stands
    }
  }
  fs.rmSync(aside, { force: true });
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the stale lock while holding the takeover mutex, so no two processes ever
 * remove locks at once: a lock that exists can then only be removed by its owner or the mutex holder,
 * and the one judged stale is the one removed. Returns false when another process is taking over.
 */
function takeOver(lockPath: string, stale: LockFile): boolean {
  const mutex = `${lockPath}.takeover`;
  if (!tryCreate(mutex)) {
    const holder = readLock(mutex);
    // A process that died inside the takeover (microseconds) leaves the mutex: clear it.
    if (holder && !(Number.isInteger(holder.pid) && isAlive(holder.pid))) removeIfSame(mutex, holder);
    return false;
  }
  try {
    if (same(readLock(lockPath), stale)) fs.rmSync(lockPath, { force: true });
    return true;
  } finally {
    fs.rmSync(mutex, { force: true });
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (tryCreate(lockPath)) {
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
        process.off('exit', release);
      };
      process.on('exit', release);
      return { release };
    }
    const current = readLock(lockPath);
    if (!current) continue;
    if (Number.isInteger(current.pid) && current.pid !== process.pid && isAlive(current.pid)) {
      throw new DataDirLockedError(
        `Another Lectern process (pid ${current.pid}) is using ${dataDir}; stop it or set a different DATA_DIR.`,
        current.pid,
      );
    }
    // Stale: its owner is gone. Another process taking it over meanwhile: look again shortly.
    if (!takeOver(lockPath, current)) pause(10);
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
