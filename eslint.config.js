import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of DESIGN.md §2–3, as path patterns relative to the importing folder. */
const forbid = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'src/routeTree.gen.ts',
      'visualizations',
      'test-results',
      'playwright-report',
      'dist-prod',
      'test-results-prod',
      'playwright-report-prod',
      '*.tmp.mjs',
      '.stryker-tmp',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // What ships to phones: iOS 17 Safari and Chrome before 126 have no URL.parse.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'public/**/*.js'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'URL',
          property: 'parse',
          message: 'Use parseUrl (machines/shared/web-address.ts): Safari 18+ only.',
        },
        {
          object: 'URL',
          property: 'canParse',
          message: 'Use parseUrl (machines/shared/web-address.ts): Safari 17+ only.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['**/sandbox/**', '**/sandbox'], 'The sandbox is a test double: the app never imports it.'),
      'no-restricted-globals': [
        'error',
        {
          name: 'localStorage',
          message: 'Use localStore (src/lib/local-store.ts): a merchant’s frame may be denied storage.',
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: forbid(
      ['**/src/**', '**/src', 'react', 'react-dom', 'ky', '@xstate/react'],
      'Machines are pure statecharts: no React, no ky, nothing from src/.',
    ),
  },
);
