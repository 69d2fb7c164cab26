import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app's layers (DESIGN §3): app/ (router, pages, shell) composes features/<name>/; a feature
// never imports another feature or the app; lib/ and components/ are below every feature and import
// neither. One rule keeps it so, in `npm run check`.

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/src');

/** 'app', 'lib', 'components', 'features/<name>' or null (outside web/src). */
function layerOf(file) {
  const relative = path.relative(WEB_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, name] = relative.split(path.sep);
  if (name === undefined) return 'app'; // main.tsx, the entry point, mounts the app
  return top === 'features' ? `features/${name}` : top;
}

function problem(from, to) {
  if (!to || from === to) return null;
  if (to === 'app') return 'Only app/ imports app/: pass what a feature needs as props.';
  if (!to.startsWith('features/')) return null;
  if (from.startsWith('features/'))
    return `Web features do not import each other (${from} → ${to}): compose them in app/routes.`;
  if (from === 'lib' || from === 'components')
    return `${from}/ sits below the features: it cannot import ${to}.`;
  return null;
}

export const webBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = problem(from, layerOf(path.resolve(path.dirname(context.filename), source)));
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
