// Named exclusive locks: tus holds one per upload while a request touches it, and the completion of an
// upload holds another so that it runs once. In memory on the embedded database; across instances on
// PostgreSQL (postgres-locks.ts).

export interface LockOptions {
  /** Stops waiting (the request went away). */
  signal?: AbortSignal;
  /** Called when someone else waits for this lock: a holder that can stop early should (tus does). */
  onReleaseRequested?: () => void;
  /** Gives up after this long (default 30 s, as @tus/server's MemoryLocker). */
  timeoutMs?: number;
}

export type Unlock = () => Promise<void>;

export interface Locks {
  /** Waits for the lock; rejects with LockTimeoutError when it cannot have it in time. */
  lock(key: string, options?: LockOptions): Promise<Unlock>;
}

export class LockTimeoutError extends Error {
  constructor(key: string) {
    super(`Could not lock ${key} in time`);
  }
}

export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** Resolves when `promise` settles, or rejects when the deadline passes or the signal aborts. */
export function waitUntil(key: string, promise: Promise<unknown>, deadline: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const fail = () => {
      clearTimeout(timer);
      reject(new LockTimeoutError(key));
    };
    const timer = setTimeout(fail, Math.max(0, deadline - Date.now()));
    if (signal?.aborted) fail();
    signal?.addEventListener('abort', fail, { once: true });
    void promise.finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', fail);
      resolve();
    });
  });
}

interface Holder {
  onReleaseRequested?: () => void;
  released: Promise<void>;
}

export class MemoryLocks implements Locks {
  private readonly held = new Map<string, Holder>();

  async lock(key: string, options: LockOptions = {}): Promise<Unlock> {
    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
    for (let holder = this.held.get(key); holder; holder = this.held.get(key)) {
      holder.onReleaseRequested?.();
      await waitUntil(key, holder.released, deadline, options.signal);
    }
    let release!: () => void;
    const me: Holder = {
      onReleaseRequested: options.onReleaseRequested,
      released: new Promise<void>((resolve) => (release = resolve)),
    };
    this.held.set(key, me);
    return async () => {
      if (this.held.get(key) === me) this.held.delete(key);
      release();
    };
  }

  /** Asks this process's holder of `key`, if any, to let go. */
  requestRelease(key: string): void {
    this.held.get(key)?.onReleaseRequested?.();
  }
}
