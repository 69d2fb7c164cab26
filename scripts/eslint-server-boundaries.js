import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server's import boundaries (DESIGN §11), one rule in `npm run check`. Every import is resolved to
// the file it names, so a nested path (`../../questions/x`), a re-export and a dynamic `import('…')` are
// judged alike:
// - a feature imports another feature only through that feature's `public.ts`, and only a feature of a
//   lower layer (the `layers` option, lowest first: feature folders have no cycles);
// - the backbone (`plugins`, `lib`, `db`, `config`, `events`, `jobs`, `metrics`) never imports a feature;
// - a feature's public.ts exports services, types and event names, never a function of a `*.repository`
//   file (types from one are fine), in every feature, access included.

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/src');
const FEATURES = path.join(SERVER_SRC, 'features');
const BACKBONE = ['plugins', 'lib', 'db', 'config', 'events', 'jobs', 'metrics'];

/** The feature a file of server/src/features belongs to, and the path inside it; null elsewhere. */
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? null : { name, inside: rest.join('/') }; // features/index.ts is no feature
}

function backboneOf(file) {
  const [top, ...rest] = path.relative(SERVER_SRC, file).split(path.sep);
  return rest.length > 0 && BACKBONE.includes(top) ? top : null;
}

const isPublic = (inside) => /^public(\.[jt]s)?$/.test(inside);

function problem(file, target, layers) {
  const to = featureOf(target);
  if (!to) return null;
  const backbone = backboneOf(file);
  if (backbone) return `${backbone}/ sits below the features: it cannot import features/${to.name}.`;
  const from = featureOf(file);
  if (!from || from.name === to.name) return null;
  const rank = (name) => layers.findIndex((layer) => layer.includes(name));
  if (rank(to.name) < 0 || rank(to.name) >= rank(from.name))
    return `The ${from.name} feature may import only features of lower layers (FEATURE_LAYERS, eslint.config.js), not ${to.name}.`;
  if (!isPublic(to.inside))
    return `Another feature is used through its public.ts only: import '${to.name}/public', not '${to.name}/${to.inside}'.`;
  return null;
}

const REPOSITORY_EXPORT =
  "A feature's public.ts exports services, types and event names, never repository functions: expose a service instead.";

/** A value (not type-only) re-exported by a feature's public.ts from one of its repositories. */
function repositoryExport(file, node, target) {
  if (node.type === 'ImportDeclaration' || node.type === 'ImportExpression' || node.type === 'TSImportType')
    return false;
  const from = featureOf(file);
  if (!from || !isPublic(from.inside)) return false;
  if (!/\.repository(\.[jt]s)?$/.test(target)) return false;
  const typeOnly =
    node.exportKind === 'type' ||
    (node.specifiers?.length > 0 && node.specifiers.every((s) => s.exportKind === 'type'));
  return !typeOnly;
}

/** The module a node names, when it is a string the rule can read. */
function sourceOf(node) {
  const { source } = node; // a TSImportType (`import('…').T`) names its module in `source` too
  if (source?.type === 'Literal' && typeof source.value === 'string')
    return { node: source, value: source.value };
  if (source?.type === 'TemplateLiteral' && source.expressions.length === 0)
    return { node: source, value: source.quasis[0].value.cooked };
  return null;
}

export const serverBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'array' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const layers = context.options[0]?.layers ?? [];
    const check = (node) => {
      const source = sourceOf(node);
      if (!source || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const message = problem(context.filename, target, layers);
      if (message) context.report({ node: source.node, message });
      if (repositoryExport(context.filename, node, target))
        context.report({ node: source.node, message: REPOSITORY_EXPORT });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};
