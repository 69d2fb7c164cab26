// npm run bench [-- scenario ...]: runs bench/scenarios/<name>.mjs in turn and prints figures (no pass/fail).
// Knobs: BENCH_SECONDS (one load run, 5), BENCH_REPEAT (runs per figure, 3; first-frame has its own,
// BENCH_FIRST_FRAME_REPEAT), BENCH_MEDIA_MB (served file, 100), BENCH_UPLOAD_MB (upload, 2000),
// BENCH_DATABASE_URL (a PostgreSQL database the start scenario may use; instructor-lists makes its own on its server).
import fs from 'node:fs';
import path from 'node:path';
import { ownTempFolder } from '../scripts/lib/own-temp-folder.mjs';
import { printTable } from './lib/table.mjs';

const dir = path.join(import.meta.dirname, 'scenarios');
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -4))
  .sort();
// Data dirs, uploads and builds go when the run ends, even when Ctrl+C interrupts a scenario.
ownTempFolder('lectern-bench-');
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;

for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`unknown scenario "${name}"; known: ${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name}`);
  const started = Date.now();
  await (await import(path.join(dir, `${name}.mjs`))).run();
  console.log(`   (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
printTable();
