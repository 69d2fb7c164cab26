// npm run eval [-- name ...]: measures the quality of what Lectern guesses (speech heard, questions
// matched) on data the project makes and keeps itself; prints figures, never pass/fail. Each evaluation is
// eval/<name>.ts, loaded with tsx because it runs the server's own TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const all = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`unknown evaluation "${name}"; known: ${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name}`);
  const evaluation = await tsImport(path.join(import.meta.dirname, `${name}.ts`), import.meta.url);
  await evaluation.run();
}
