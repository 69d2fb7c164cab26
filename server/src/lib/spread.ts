import { createHash } from 'node:crypto';

/**
 * A share of `rangeMs` fixed by `key`, spread evenly over keys. Periodic work per user (re-reading what
 * they may see, moving their session's last use on) waits its period plus this share, so a class that
 * arrived in the same few seconds does not come due in the same few seconds again and again.
 */
export function spreadMs(key: string, rangeMs: number): number {
  return (createHash('sha1').update(key).digest().readUInt32BE(0) / 2 ** 32) * rangeMs;
}
