import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM shared with bench/ (no declarations)
import { WATCH_PAGE_BUDGET_KB, firstLoad } from './lib/first-load.mjs';

// A size budget on the built web app (`npm run build`), not a timing: the JavaScript a first visit to
// the watch page downloads (entry + the page's chunk + their static imports), gzip.

const dist = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../web/dist');

/** The npm packages bundled into one built file, from its source map (the bundler's runtime and its
 * module-preload helper have none). */
function packagesIn(file: string): string[] {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map) && /\/(rolldown-runtime|preload-helper)-[\w-]+\.js$/.test(file)) return [];
  const { sources } = JSON.parse(fs.readFileSync(map, 'utf8')) as {
    sources: string[];
  };
  return sources.flatMap((s) => s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []);
}

describe('first load of the watch page', () => {
  const load = firstLoad(dist, 'src/app/routes/VideoPage.tsx') as {
    files: { file: string }[];
    gzipBytes: number;
  };

  it(`stays within ${WATCH_PAGE_BUDGET_KB} KB of gzip JavaScript`, () => {
    expect(load.gzipBytes / 1024).toBeLessThanOrEqual(WATCH_PAGE_BUDGET_KB);
  });

  it('leaves zod, the tus client, the charts and the toasts to the pages and moments that use them', () => {
    const packages = new Set(load.files.flatMap((f) => packagesIn(f.file)));
    expect(packages).toContain('react-dom'); // the source maps are read
    for (const heavy of ['zod', 'tus-js-client', 'recharts', 'react-toastify'])
      expect(packages).not.toContain(heavy);
  });
});
