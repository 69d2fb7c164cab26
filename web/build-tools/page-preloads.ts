import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// Writes, beside index.html, a copy of it for one page that also names that page's chunks (modulepreload)
// and links its stylesheets, so the browser requests them beside the entry instead of after the entry has
// been downloaded and run and the router has matched the URL (issue 14: the watch page's first frame).
// A page may also have a shell, HTML put before #root (src/inline/watch-shell.html). The server answers the
// page's URLs with that copy (server/src/plugins/web.ts); every other URL keeps index.html, which names
// only the entry's own imports.

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/** The chunk's file and those it imports statically, transitively. */
function closure(bundle: Record<string, { type: string }>, start: ChunkLike): ChunkLike[] {
  const seen = new Map<string, ChunkLike>();
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(bundle[file] as ChunkLike);
  };
  visit(start);
  return [...seen.values()];
}

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * An inline script that adds the modulepreload links once the early reads are sent
 * (`lecternEarlyReadsSent`, inline/early-reads.js: the watch page's video read and its <video>'s media
 * request). Links in the HTML would be requested by the browser's preload scanner before any script ran,
 * and ~30 chunks would then hold HTTP/1.1's six connections while those requests waited behind them.
 * The server allows it by its hash like every inline script.
 */
function preloadScript(hrefs: string[]): string {
  return `<script>window.lecternEarlyReadsSent.then(function () { ${JSON.stringify(hrefs)}.forEach(function (href) { var link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.appendChild(link); }); });</script>`;
}

interface PageHtml {
  /** The page module whose chunks the file names, e.g. 'src/app/routes/VideoPage.tsx'. */
  module: string;
  /** HTML put before #root, relative to web/. */
  shell?: string;
}

/** `pages`: the HTML file to write → its page. */
export function pagePreloads(pages: Record<string, PageHtml>): Plugin {
  let base = '/';
  return {
    name: 'lectern-page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error('page-preloads: the build has no index.html');
        const chunks = Object.values(bundle).filter((o): o is typeof o & ChunkLike => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const indexChunks = entry ? closure(bundle, entry) : [];
        const inIndex = new Set([
          ...indexChunks.map((c) => c.fileName),
          ...indexChunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]),
        ]);
        for (const [fileName, { module, shell }] of Object.entries(pages)) {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
          if (!page) throw new Error(`page-preloads: ${module} is not a chunk of this build`);
          const own = closure(bundle, page);
          const scripts = own.map((c) => c.fileName).filter((f) => !inIndex.has(f));
          const styles = [...new Set(own.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].filter(
            (f) => !inIndex.has(f),
          );
          let source = String(html.source);
          const preloads = [...source.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
          preloads.push(...scripts.map((f) => `${base}${f}`));
          source = source
            .replace(MODULE_PRELOAD, '')
            .replace('<script type="module"', `${preloadScript(preloads)}\n    <script type="module"`)
            // Linked, not only preloaded: the shell is styled by them before the app runs.
            .replace(
              '</head>',
              `  ${styles.map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`).join('\n    ')}\n  </head>`,
            );
          if (shell) {
            // Its comment is for its maintainers, not for every page load.
            const markup = fs
              .readFileSync(path.join(import.meta.dirname, '..', shell), 'utf8')
              .replace(/<!--[\s\S]*?-->/g, '')
              .trim();
            source = source.replace('<div id="root">', `${markup}\n    <div id="root">`);
          }
          this.emitFile({ type: 'asset', fileName, source });
        }
      },
    },
  };
}
