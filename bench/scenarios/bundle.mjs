// First load of the web app: builds web/ into a temporary folder and prints the gzip JavaScript a first
// visit downloads for a few pages (entry + the page's chunk + their static imports), against the aim.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WATCH_PAGE_AIM_KB, WATCH_PAGE_BUDGET_KB, firstLoad } from '../../scripts/lib/first-load.mjs';
import { buildWeb } from '../../scripts/lib/web-build.mjs';

const PAGES = {
  'watch page (/video/…)': 'src/app/routes/VideoPage.tsx',
  'home (/)': 'src/app/routes/HomePage.tsx',
  'log in (/login)': 'src/app/routes/LoginPage.tsx',
  'upload (/upload/…)': 'src/app/routes/UploadLecturePage.tsx',
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bundle-'));
  try {
    buildWeb(out);
    for (const [name, module] of Object.entries(PAGES)) {
      const load = firstLoad(out, module);
      console.log(`   ${name}: ${kb(load.gzipBytes)} gzip JS in ${load.files.length} files`);
    }
    const watchKb = firstLoad(out, PAGES['watch page (/video/…)']).gzipBytes / 1024;
    const verdict = (limit) => (watchKb <= limit ? 'met' : 'NOT met');
    console.log(`   watch page aim: ≤ ${WATCH_PAGE_AIM_KB} KB (${verdict(WATCH_PAGE_AIM_KB)})`);
    console.log(
      `   watch page budget (test fails above): ${WATCH_PAGE_BUDGET_KB} KB (${verdict(WATCH_PAGE_BUDGET_KB)})`,
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
