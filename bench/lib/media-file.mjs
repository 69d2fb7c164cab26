import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './server.mjs';

const MAKE_LARGE = path.resolve(ROOT, '../shared/fixtures/make-large.sh');

/** Writes a synthetic 720p H.264/AAC mp4 of about `mb` MB to `out` with shared/fixtures/make-large.sh. */
export function makeLargeMp4(mb, out) {
  execFileSync('bash', [process.env.BENCH_MAKE_LARGE ?? MAKE_LARGE, String(mb), out], { stdio: 'inherit' });
  return out;
}
