import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../config/env';

// The real ffmpeg behind a wrapper a test can hold: while the `hold` file exists, conversions (the only
// ffmpeg runs writing +faststart) wait before starting, so a test sees a video while it is processing; while
// `fail` exists they fail the way a broken encoder does. Probes and posters run at once.

export interface HeldFfmpeg {
  path: string;
  hold(on: boolean): void;
  fail(on: boolean): void;
  /** Resolves once a conversion has started waiting on the hold. */
  waiting(): Promise<void>;
}

export function heldFfmpeg(): HeldFfmpeg {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-ffmpeg-'));
  const real = loadConfig({}).ffmpeg.ffmpeg;
  const script = path.join(dir, 'ffmpeg');
  fs.writeFileSync(
    script,
    `#!/bin/sh
case "$*" in *+faststart*)
  if [ -f "${dir}/fail" ]; then echo "Simulated encoder failure" >&2; exit 1; fi
  while [ -f "${dir}/hold" ]; do touch "${dir}/waiting"; sleep 0.05; done ;;
esac
exec "${real}" "$@"
`,
    { mode: 0o755 },
  );
  const flag = (name: string, on: boolean) =>
    on ? fs.writeFileSync(path.join(dir, name), '') : fs.rmSync(path.join(dir, name), { force: true });
  return {
    path: script,
    hold: (on) => {
      fs.rmSync(path.join(dir, 'waiting'), { force: true });
      flag('hold', on);
    },
    fail: (on) => flag('fail', on),
    async waiting() {
      while (!fs.existsSync(path.join(dir, 'waiting'))) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
