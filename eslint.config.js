import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverBoundaries } from './scripts/eslint-server-boundaries.js';
import { webBoundaries } from './scripts/eslint-web-boundaries.js';

// Server import boundaries (DESIGN §11), checked by `npm run check` (scripts/eslint-server-boundaries.js).
// Features, lowest layer first: a feature imports only features of lower layers, so feature folders have
// no cycles, and only through their public.ts. `access` is the authorization kernel every feature reads.
// A new feature gets a layer here.
const FEATURE_LAYERS = [
  ['access', 'health', 'media'],
  ['auth', 'captions', 'events', 'lectures', 'usage'],
  ['account', 'courses', 'suggestions', 'videos'],
  ['lti', 'questions'],
  ['meetings', 'sso'],
];

// Web conventions (docs/architecture.md): every TanStack Query key comes from web/src/lib/query-keys.ts,
// so reads, writes and the events stream name the same keys; a key written in place, or taken from
// another object of keys, is refused where a key is given (queryKey, mutationKey, the cache's
// get/setQueryData). A key held in a variable or parameter is not judged: it came from somewhere checked.
const KEY_MESSAGE = 'Query keys come from queryKeys (web/src/lib/query-keys.ts) only.';
// Where a key is given: `{ queryKey: … }` / `{ mutationKey: … }`, and the first argument of the cache's
// get/setQueryData and get/setQueriesData. `slot('ArrayExpression')` selects an array written there.
const slots = (node) => [
  `Property[key.name=/^(queryKey|mutationKey)$/] > ${node}.value`,
  `CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ${node}.arguments:first-child`,
];
const OTHER_KEYS = "Identifier.object[name!='queryKeys']";
const QUERY_KEYS_FROM_THE_KEY_MODULE = [
  ...slots('ArrayExpression'),
  ...slots('MemberExpression').map((at) => `${at} > ${OTHER_KEYS}`),
  ...slots('CallExpression').map((at) => `${at} > MemberExpression.callee > ${OTHER_KEYS}`),
].map((selector) => ({ selector, message: KEY_MESSAGE }));
// Writes go through a feature's mutation hooks (features/<f>/api, built on lib/use-write.ts, which says
// what each write makes stale), never a useMutation written inside a component.
const WRITES_THROUGH_MUTATION_HOOKS = {
  paths: [
    {
      name: '@tanstack/react-query',
      importNames: ['useMutation'],
      message: "Writes go through the feature's mutation hooks (features/<f>/api, with useWrite).",
    },
  ],
};

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
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'], // tests seed through any repository (DESIGN §9)
    plugins: { lectern: { rules: { 'server-boundaries': serverBoundaries } } },
    rules: {
      'lectern/server-boundaries': ['error', { layers: FEATURE_LAYERS }],
    },
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
        ...QUERY_KEYS_FROM_THE_KEY_MODULE,
      ],
      'no-restricted-imports': ['error', WRITES_THROUGH_MUTATION_HOOKS],
    },
  },
  {
    // The one place that wraps useMutation, and the features' mutation hooks built on it.
    files: ['web/src/lib/use-write.ts', 'web/src/features/*/api/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
