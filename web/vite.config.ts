import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineScripts } from './build-tools/inline-scripts.ts';
import { pagePreloads } from './build-tools/page-preloads.ts';
import { precompress } from './build-tools/precompress.ts';

// In development the API runs on its own port behind Vite's proxy (README "Development").
const apiTarget = process.env.LECTERN_API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [
    react(),
    inlineScripts(),
    // The watch page is the one opened cold from a shared link: its chunks load beside the entry.
    pagePreloads({
      'watch.html': { module: 'src/app/routes/VideoPage.tsx', shell: 'src/inline/watch-shell.html' },
    }),
    precompress(),
  ],
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget, '/tus': apiTarget },
  },
  build: {
    // Maps stay beside the build for the first-load budget test and for debugging, but no file points to
    // them and the server never serves a .map (plugins/web.ts): they would publish the app's source (issue 12).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks a page loads, for the first-load budget (scripts/lib/first-load.mjs).
    manifest: true,
    rolldownOptions: {
      // Rolldown's warning that plugins took most of the build depends on how busy the machine is, not on
      // the build: precompress's brotli (closeBundle) does on a loaded CI machine, and a first `npm start`
      // would print it (scripts/start.test.ts wants a quiet build).
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // One chunk for "now" and the live window with the watch page's own questions, as they load
          // together there; left alone, the pages that show "Live now" (issue 21) split them into one more
          // request on the watch page's first load (scripts/first-load-budget.test.ts). Only these modules:
          // what they import stays where the default splitting puts it.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'live-window',
              test: /(lib\/(use-now|live-window)|features\/questions\/(utils\/own-questions|components\/OwnQuestions))\./,
            },
          ],
        },
      },
    },
  },
});
