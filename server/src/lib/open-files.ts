import fsp, { type FileHandle } from 'node:fs/promises';

/** An open file shared by the requests reading it; `release()` once the read is over. */
export interface OpenFile {
  handle: FileHandle;
  size: number;
  mtime: Date;
  release(): void;
}

interface Entry {
  opened: Promise<{ handle: FileHandle; size: number; mtime: Date } | null>;
  users: number;
  idle?: NodeJS.Timeout;
}

/**
 * Keeps files open between the requests that read them. A player fetches one video in many 1 MiB Range
 * requests, and opening, stat-ing and closing the file for each cost 17 % of the CPU of the /media route
 * (node --cpu-prof under load, issue 14). Media files are content-addressed and never rewritten, so a
 * handle stays valid; a file is closed once nobody has read it for `idleMs`. A file deleted meanwhile
 * may still be read through its open handle for that long: callers check access before they acquire.
 */
export class OpenFiles {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly idleMs = 2000) {}

  /** The file open and stat-ed, or null when it is not a regular file. */
  async acquire(path: string): Promise<OpenFile | null> {
    let entry = this.entries.get(path);
    if (!entry) {
      entry = { opened: open(path), users: 0 };
      this.entries.set(path, entry);
    }
    clearTimeout(entry.idle);
    entry.users += 1;
    const opened = await entry.opened;
    if (!opened) {
      // Not cached: the file may appear any moment (a video finishing processing).
      entry.users -= 1;
      if (this.entries.get(path) === entry) this.entries.delete(path);
      return null;
    }
    let released = false;
    return {
      ...opened,
      release: () => {
        if (released) return;
        released = true;
        this.letGo(path, entry);
      },
    };
  }

  /** Closes every file at once (shutdown). */
  async closeAll(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(
      entries.map(async (entry) => {
        clearTimeout(entry.idle);
        await (await entry.opened)?.handle.close().catch(ignoreCloseError);
      }),
    );
  }

  private letGo(path: string, entry: Entry): void {
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.idle = setTimeout(() => {
      if (this.entries.get(path) !== entry || entry.users > 0) return;
      this.entries.delete(path);
      void entry.opened.then((opened) => opened?.handle.close()).catch(ignoreCloseError);
    }, this.idleMs);
    entry.idle.unref();
  }
}

async function open(path: string) {
  const handle = await fsp.open(path, 'r').catch(() => null);
  if (!handle) return null;
  const stat = await handle.stat().catch(() => null);
  if (stat?.isFile()) return { handle, size: stat.size, mtime: stat.mtime };
  await handle.close();
  return null;
}

// A read-only descriptor that fails to close loses nothing; an unhandled rejection would stop the process.
const ignoreCloseError = () => undefined;
