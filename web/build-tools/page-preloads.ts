import type { Plugin } from 'vite';

// Writes, beside index.html, a copy of it for one page that also names that page's chunks and stylesheets
// (modulepreload / preload), so the browser requests them beside the entry instead of after the entry has
// been downloaded and run and the router has matched the URL (issue 14: the watch page's first frame).
// The server answers the page's URLs with that copy (server/src/plugins/web.ts); every other URL keeps
// index.html, which names only the entry's own imports.

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

/** `pages`: the HTML file to write → the page module whose chunks it names, e.g. 'src/app/routes/VideoPage.tsx'. */
export function pagePreloads(pages: Record<string, string>): Plugin {
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
        for (const [fileName, module] of Object.entries(pages)) {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
          if (!page) throw new Error(`page-preloads: ${module} is not a chunk of this build`);
          const own = closure(bundle, page);
          const scripts = own.map((c) => c.fileName).filter((f) => !inIndex.has(f));
          const styles = [...new Set(own.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].filter(
            (f) => !inIndex.has(f),
          );
          const links = [
            ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
            ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="${base}${f}">`),
          ].join('\n    ');
          this.emitFile({
            type: 'asset',
            fileName,
            source: String(html.source).replace('</head>', `  ${links}\n  </head>`),
          });
        }
      },
    },
  };
}
