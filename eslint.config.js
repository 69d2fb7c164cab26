import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webBoundaries } from './scripts/eslint-web-boundaries.js';

// Server import boundaries (DESIGN §11), checked by `npm run check`. Features, lowest layer first: a
// feature imports only features of lower layers, so feature folders have no cycles; and never another
// feature's repository or query (types aside): it uses that feature's public.ts, services and events.
// `access` is the authorization kernel every feature reads. A new feature gets a layer here.
const FEATURE_LAYERS = [
  ['access', 'health'],
  ['auth', 'captions', 'events', 'lectures', 'usage'],
  ['account', 'courses', 'videos'],
  ['questions'],
  ['meetings'],
];
// A feature named like a folder of server/src (events) is matched only as a sibling, `../events/…`:
// `../../events/…` from a feature's root is the event backbone, which every feature may use.
const SERVER_FOLDERS = ['events', 'jobs'];
const featureImport = (feature, file) =>
  SERVER_FOLDERS.includes(feature) ? `../${feature}/${file}` : `**/${feature}/${file}`;
const restrictImports = (...patterns) => ({
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: patterns.filter((p) => p.group.length > 0) },
    ],
  },
});
const featureBoundaries = FEATURE_LAYERS.flatMap((layer, rank) =>
  layer.map((feature) => {
    const notBelow = FEATURE_LAYERS.slice(rank)
      .flat()
      .filter((f) => f !== feature);
    const below = FEATURE_LAYERS.slice(0, rank)
      .flat()
      .filter((f) => f !== 'access');
    return {
      files: [`server/src/features/${feature}/**/*.ts`],
      ignores: ['**/*.test.ts', '**/test/**'], // tests seed through any repository (DESIGN §9)
      ...restrictImports(
        {
          group: notBelow.map((f) => featureImport(f, '*')),
          message: `The ${feature} feature may import only features of lower layers (FEATURE_LAYERS, eslint.config.js).`,
        },
        {
          group: below.flatMap((f) => [featureImport(f, '*.repository'), featureImport(f, '*.query')]),
          allowTypeImports: true,
          message:
            "Another feature's data goes through its public.ts, services or events, never its repository.",
        },
      ),
    };
  }),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'data-demo/**', 'server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...featureBoundaries,
  {
    // Plugins, libraries, the database, configuration, the event and job backbone and metrics sit below features.
    files: ['server/src/{plugins,lib,db,config,events,jobs,metrics}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    ...restrictImports({
      group: ['**/features/*'],
      message: 'Features build on plugins and lib, not the reverse.',
    }),
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      'jsx-a11y': jsxA11y,
      lectern: { rules: { 'web-boundaries': webBoundaries } },
    },
    rules: {
      'lectern/web-boundaries': 'error',
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // SECURITY VAL-3: user text is never injected as HTML.
      'no-restricted-properties': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never inject HTML.' },
      ],
    },
  },
);
