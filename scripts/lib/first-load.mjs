// The JavaScript a first visit to one page downloads, read from a Vite build's manifest
// (web/dist/.vite/manifest.json): the entry, the page's own chunk (routes are loaded lazily) and every
// chunk either imports statically. Used by `npm run bench bundle` and the first-load budget test.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What the first load of the watch page should weigh, in KB of gzip JavaScript (issue 11 #14). */
export const WATCH_PAGE_AIM_KB = 120;
/**
 * Above this the budget test fails: today's weight (138 KB: react-dom ~64, React Router ~30, TanStack
 * Query ~10; react-toastify now loads after the first render) plus a margin, low enough that zod (~25 KB),
 * the tus client (~20 KB) or react-toastify (~6 KB) creeping back in fails.
 */
export const WATCH_PAGE_BUDGET_KB = 141;

/**
 * @param {string} distDir a build of web/ (`npm run build`)
 * @param {string} pageModule the page's source, e.g. 'src/app/routes/VideoPage.tsx'
 * @returns {{ files: { file: string, gzipBytes: number }[], gzipBytes: number }}
 */
export function firstLoad(distDir, pageModule) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(`${distDir} has no build manifest: run \`npm run build\``);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  if (!manifest[pageModule]) throw new Error(`${pageModule} is not a chunk of this build`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  visit('index.html');
  visit(pageModule);
  const sized = [...files].map((file) => ({
    file,
    gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length,
  }));
  return { files: sized, gzipBytes: sized.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
