// `npm test` and `npm run bench` make reports, mail folders, data dirs and databases in the temp folder,
// and not every test or scenario can clean up after itself when the run is interrupted (Ctrl+C skips
// every `finally`). So a run points TMPDIR at one folder of its own, which its children inherit, and
// removes that folder when it ends, however it ends (issue 26).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Makes this process's and its children's temp folder a new one, removed at exit or on a signal. */
export function ownTempFolder(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env.TMPDIR = dir; // os.tmpdir() reads it on every call; children inherit it
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  process.on('exit', remove);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  }
  return dir;
}
