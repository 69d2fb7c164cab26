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
  ['access', 'health'],
  ['auth', 'captions', 'events', 'lectures', 'usage'],
  ['account', 'courses', 'videos'],
  ['questions'],
  ['meetings'],
];

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
    rules: { 'lectern/server-boundaries': ['error', { layers: FEATURE_LAYERS }] },
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
