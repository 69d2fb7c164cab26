import fs from 'node:fs';
import path from 'node:path';

// Two processes opening one PGlite data dir corrupt it beyond repair (DESIGN §7): whoever opens it
// holds this lock first. A lock left by a dead process is taken over.

export class DataDirLockedError extends Error {}

const LOCK_NAME = 'lectern.lock';

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

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
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
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Lectern process (pid ${owner}) is using ${dataDir}; stop it or set a different DATA_DIR.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
