import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// Writes, beside index.html, a copy of it for one page that also names that page's chunks (modulepreload)
// and holds its stylesheets, so the browser requests them beside the entry instead of after the entry has
// been downloaded and run and the router has matched the URL (issue 14: the watch page's first frame);
// the app starts once the page's video has its first frame (startScript).
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
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * An inline script that starts the app once the watch page's video has its first frame
 * (`lecternFirstFrame`, inline/early-reads.js): it adds the modulepreload links and the entry's module
 * script then. In the HTML, the browser's preload scanner would request ~30 chunks before the page's
 * <video>, and they would hold HTTP/1.1's six connections and then the main thread while the video's
 * first frame came. Even the entry alone, preloaded beside the video, delayed the video's first request
 * (by 40-60 ms in cold-load waterfalls).
 * The server allows the script by its hash like every inline script.
 */
function startScript(entry: string, hrefs: string[]): string {
  const links = `${JSON.stringify(hrefs)}.forEach(function (href) { var link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.appendChild(link); });`;
  const script = `var entry = document.createElement('script'); entry.type = 'module'; entry.crossOrigin = ''; entry.src = ${JSON.stringify(entry)}; document.head.appendChild(entry);`;
  return `<script>window.lecternFirstFrame.then(function () { ${links} ${script} });</script>`;
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g;

/** A CSS file of this build, as text. */
function cssText(bundle: Record<string, { type: string }>, fileName: string): string {
  const asset = bundle[fileName] as { type: string; source?: string | Uint8Array };
  if (asset?.type !== 'asset') throw new Error(`page-preloads: ${fileName} is not a file of this build`);
  return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source!).toString('utf8');
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
          const entryFile = ENTRY.exec(source)?.[1];
          if (!entryFile) throw new Error('page-preloads: index.html has no module entry');
          const preloads = [...source.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
          preloads.push(...scripts.map((f) => `${base}${f}`));
          source = source
            .replace(MODULE_PRELOAD, '')
            .replace(ENTRY, '')
            .replace('</body>', `  ${startScript(entryFile, preloads)}\n  </body>`)
            // Every stylesheet inline, the entry's and the page's: the shell is styled before the app runs, and
            // while a page's stylesheet loads Chromium holds back low-priority requests such as the video's.
            .replace(
              STYLESHEET,
              (_link, href: string) => `<style>${cssText(bundle, href.slice(base.length))}</style>`,
            )
            .replace(
              '</head>',
              `  ${styles.map((f) => `<style>${cssText(bundle, f)}</style>`).join('\n    ')}\n  </head>`,
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
