// "Is this build older than its sources?": `npm start` rebuilds the web app and the server only then.
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when `output` is missing or any file under `sources` (files or folders) was changed after it. */
export function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  return Math.max(...sources.filter((s) => fs.existsSync(s)).map(newestMtime)) > fs.statSync(output).mtimeMs;
}
