import fs from 'node:fs';
import type { ServerResponse } from 'node:http';

// Sends part of an open file by reading it into reused 1 MiB buffers and writing each straight to the
// response. A read stream allocated a fresh 1 MiB buffer per read: under 32 clients of 1 MiB ranges,
// garbage collection and the allocations' first-touch page faults (self time in fs `read`) took a third
// of the /media CPU (node --cpu-prof, issue 14). A buffer is reused only once its write has completed:
// the socket may still hold it until then.

const CHUNK = 1024 * 1024;
// Enough for every connection of a busy class in flight; more are allocated and left to the collector.
const MAX_POOLED = 64;
const pooled: Buffer[] = [];

const take = (): Buffer => pooled.pop() ?? Buffer.allocUnsafeSlow(CHUNK);
const giveBack = (buffer: Buffer) => {
  if (pooled.length < MAX_POOLED) pooled.push(buffer);
};

/**
 * Writes bytes `start`..`end` (inclusive) of the file open as `fd` to `res`, whose head is set, then ends it.
 * A read error, or a file shorter than `end`, destroys the response: its head may already have left.
 * The caller keeps `fd` open until `res` closes.
 */
export function sendFileBytes(res: ServerResponse, fd: number, start: number, end: number): void {
  let position = start;
  const next = () => {
    if (res.destroyed) return;
    if (position > end) {
      res.end();
      return;
    }
    const buffer = take();
    fs.read(fd, buffer, 0, Math.min(CHUNK, end - position + 1), position, (error, bytesRead) => {
      if (error || bytesRead === 0 || res.destroyed) {
        giveBack(buffer);
        if (!res.destroyed) res.destroy(error ?? new Error('file ended before its size'));
        return;
      }
      position += bytesRead;
      const chunk = bytesRead === CHUNK ? buffer : buffer.subarray(0, bytesRead);
      // Without an error the socket is done with the buffer; after one it may not be, so it is dropped.
      const flowing = res.write(chunk, (writeError) => {
        if (!writeError) giveBack(buffer);
      });
      if (flowing) next();
      else res.once('drain', next);
    });
  };
  next();
}
