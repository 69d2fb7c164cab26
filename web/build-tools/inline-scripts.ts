import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// Replaces `<script src="/inline/NAME.js"></script>` in index.html with the file's text (web/src/inline),
// so the script runs as soon as the parser reaches it: a script file of its own waits for its download
// and then for the main thread, which the bundle's chunks keep busy (issue 14: the watch page's first
// frame). The server lets exactly these scripts run by their hashes in its CSP
// (server/src/plugins/inline-script-hashes.ts); nothing else inline does.

const TAG = /<script src="\/inline\/([\w-]+\.js)"><\/script>/g;

export function inlineScripts(): Plugin {
  return {
    name: 'lectern-inline-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(TAG, (_tag, file: string) => {
          const source = fs.readFileSync(path.join(import.meta.dirname, '../src/inline', file), 'utf8');
          // Its whole-line comments (and the linter's /* global */) are for its maintainers, not for every page load.
          return `<script>${source.replace(/^\s*(\/\/.*|\/\*.*\*\/)\n/gm, '').trim()}</script>`;
        }),
    },
  };
}
