import type { Lock, Locker } from '@tus/server';
import type { Locks } from '../../../lib/shared-state';

// @tus/server's default MemoryLocker keeps an upload's lock in one process. On our shared locks
// (DESIGN §11), a PATCH on one instance and a HEAD or PATCH of the same upload on another wait for each
// other, and a waiter asks a stale holder (a half-open connection) to let go, as MemoryLocker does.

const tusLockKey = (uploadId: string) => `tus:${uploadId}`;

/** `timeoutError`: what tus answers when a lock is not had in time (its ERRORS.ERR_LOCK_TIMEOUT). */
export function sharedTusLocker(locks: Locks, timeoutError: unknown): Locker {
  return {
    newLock(id: string): Lock {
      let unlock: (() => Promise<void>) | null = null;
      return {
        async lock(signal, requestRelease) {
          unlock = await locks
            .lock(tusLockKey(id), { signal, onReleaseRequested: () => void requestRelease() })
            .catch(() => {
              throw timeoutError;
            });
        },
        async unlock() {
          await unlock?.();
          unlock = null;
        },
      };
    },
  };
}
