// The server as production runs it: server/src and the shared workspace bundled by esbuild into one
// JavaScript file (server/dist/main.js, git-ignored), the packages in node_modules left as imports. Node
// then loads plain JavaScript, with no TypeScript compiler at start.
import fs from 'node:fs';
import path from 'node:path';
import { isStale } from './freshness.mjs';
import { root } from './project-env.mjs';

export const serverEntry = path.join(root, 'server/dist/main.js');
/** Makes the embedded database's template (scripts/lib/pglite-template.mjs). */
export const templateEntry = path.join(root, 'server/dist/pglite-template.js');
const sources = ['server/src', 'shared/src', 'server/package.json', 'shared/package.json'].map((p) =>
  path.join(root, p),
);

/** Bundles the server when its sources (or this script) are newer than the bundle; returns its path. */
export async function ensureServerBuild() {
  if (!isStale(serverEntry, [...sources, import.meta.filename])) return serverEntry;
  console.log('Building the server…');
  // Loaded only when building: a start with a fresh bundle never pays for esbuild.
  const esbuild = await import('esbuild');
  const { outputFiles } = await esbuild.build({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      'pglite-template': path.join(root, 'server/src/db/template-cli.ts'),
    },
    outdir: path.dirname(serverEntry),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [packagesStayExternal],
  });
  // Written beside and renamed, so two instances starting at once never load a half-written bundle.
  fs.mkdirSync(path.dirname(serverEntry), { recursive: true });
  for (const file of outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
  return serverEntry;
}

/** Every package import stays an import, except our own workspaces, whose TypeScript is bundled. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@lectern/') ? undefined : { external: true },
    );
  },
};
