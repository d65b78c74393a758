import js from '@eslint/js';
import compat from 'eslint-plugin-compat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import dynamicImportBoundaries from './scripts/lint/dynamic-import-boundaries.js';

/** `no-restricted-properties` entries for static members newer than the browser floor. */
const newerStatics = (entries) =>
  entries.map(([object, property, since]) => ({
    object,
    property,
    message: `${object}.${property} is newer than the browser floor (${since}).`,
  }));

/**
 * Instance methods newer than the browser floor, caught by name wherever they are called. Names that
 * other APIs share (`with`, and the Set methods `union`, `intersection`, `difference`: valibot's
 * `v.union`) are left out.
 */
const NEWER_METHODS = [
  'toSorted',
  'toReversed',
  'toSpliced',
  'isWellFormed',
  'toWellFormed',
  'symmetricDifference',
  'isSubsetOf',
  'isSupersetOf',
  'isDisjointFrom',
];

/**
 * Import boundaries of design.md §2–3, as path patterns relative to the importing folder, for both forms of
 * import: `import`/`export … from` (ESLint's no-restricted-imports) and dynamic `import()`
 * (scripts/lint/dynamic-import-boundaries.js, which the core rule does not see), with the same patterns.
 */
const restrictImports = (patterns) => {
  const options = ['error', { patterns }];
  return { 'no-restricted-imports': options, 'boundaries/no-restricted-dynamic-imports': options };
};

/**
 * Several boundaries for the same files (BOUNDARY's entries): a file gets one set of import rules, a later
 * block replacing an earlier one, so a block lists all of its files' boundaries.
 * tests/unit/import-boundaries-lint.test.ts proves each fires, for `import` and for `import()`.
 */
const forbidAll = (...boundaries) => restrictImports(boundaries);

/** Folders of the repository as import patterns: the folder itself and anything in it. */
const folder = (name) => [`**/${name}/**`, `**/${name}`];

/**
 * A payment method's step view lives in the method's folder (src/payments/<method>/<Method>Step.tsx), beside its
 * effects, and src/payments/steps.tsx lists the steps: those files are views, the rest of src/payments is not.
 */
const METHOD_VIEW_FILES = ['src/payments/*/*Step.tsx', 'src/payments/steps.tsx'];

const BOUNDARY = {
  sandbox: { group: folder('sandbox'), message: 'The sandbox is a test double: the app never imports it.' },
  scripts: {
    group: folder('scripts'),
    message: 'scripts/ is build and development tooling: the app never imports it (what both need lives in machines/).',
  },
  views: {
    group: folder('views'),
    message: 'A component never imports a view: move the shared piece into src/components/ (or src/lib/).',
  },
  upper: {
    group: [...folder('views'), ...folder('components'), ...folder('routes')],
    message:
      'The app’s effects and data (actors, api, payments, lib, i18n) never import its views, components or routes.',
  },
  methodSteps: {
    // By its path from anywhere in src/ (../payments/steps) and from inside src/payments (./steps, ../steps).
    regex: String.raw`Step(\.tsx)?$|(^|/)payments/steps(\.tsx)?$|^\.\.?/steps(\.tsx)?$`,
    message:
      'A payment method’s step (src/payments/<method>/<Method>Step.tsx) and the list of steps (src/payments/steps.tsx) are views: effects and data never import them.',
  },
  machines: {
    group: [...folder('src'), 'react', 'react-dom', 'ky', '@xstate/react'],
    message: 'Machines are pure statecharts: no React, no ky, nothing from src/.',
  },
  chartSetup: {
    group: ['xstate'],
    importNames: ['setup'],
    message:
      'A chart is written with the setup of machines/shared/chart-setup.ts, which builds it once and on first use (xstate’s builds it at once and again in each provide).',
  },
  machinesShared: {
    group: [...folder('sandbox'), ...folder('scripts'), ...folder('tests')],
    message: 'machines/ is what the app, the sandbox, the scripts and the tests share: it imports none of them.',
  },
  tooling: {
    // The repository's scripts/, not a module of the sandbox's own that is named so (sandbox/standins/scripts.ts).
    regex: String.raw`^(\.\./)+scripts(/|$)`,
    message:
      'The sandbox is a server of the build, not its tooling: it never imports scripts/ (what both need lives in deploy/).',
  },
  deployShared: {
    group: [...folder('src'), ...folder('sandbox'), ...folder('scripts'), ...folder('tests')],
    message:
      'deploy/ is what the build’s tooling and its servers share: it imports none of src/, sandbox/, scripts/ or tests/.',
  },
  app: {
    group: folder('src'),
    message:
      'The sandbox answers by the contract (contract/operator-api.yaml) and the shared rules in machines/, never by the app’s modules.',
  },
};

/**
 * A test asserts a figure the requirements fix (docs/requirements.md) by their own value, written in the
 * test. Importing the production constant agrees with any value. The unit tests that pin a constant to the literal
 * (and the unit tests of the rule functions themselves) may import them; no other test may.
 */
const SPEC_FIGURES = {
  group: ['**/machines/**', '**/src/**'],
  importNames: [
    'SPLASH_SLIDE_MS',
    'GOOGLE_PAY_LOADER_MS',
    'POLL_INTERVAL_MS',
    'RENTAL_RATES',
    'RENTAL_CURRENCY_SYMBOL',
    'rentalPrice',
    'POLICY_FIGURES',
    'POLICY_SECTIONS',
    'PROMOTION',
    'MAX_AMOUNT_DIGITS',
    'MAX_AMOUNT_DECIMALS',
    'APPLE_PAY_VERSION',
    'DEFAULT_COUNTRY',
    'DEFAULT_CURRENCY',
    'DEFAULT_LANGUAGE',
    'LANGUAGES',
    'WHEELSHARE_MACHINE_ID',
  ],
  message:
    'Write the figure docs/requirements.md fixes in the test (citing requirements.md §N), never import it from the code under test.',
};

/**
 * A path test's oracle (design.md §7.2: outside the chart) computes what it expects from docs/requirements.md, never with the rules the selectors
 * it checks are built on (tests/paths/purchase-spec.ts does that in test code).
 */
const SELECTOR_RULES = {
  group: ['**/machines/**'],
  importNames: [
    'offeredMethods',
    'pricedLines',
    'initialSelection',
    'findProduct',
    'orderCurrency',
    'paymentOrder',
    'purchaseRequest',
    'orderTotals',
    'priceLine',
    'convenienceFee',
    'priceWithFee',
    'hourlyLine',
    'chargeableLine',
    'needsPopup',
  ],
  message:
    'An oracle computes its expectation from the spec (tests/paths/purchase-spec.ts), not with the code under test.',
};

const restrictTestImports = (...patterns) => {
  const options = ['error', { patterns }];
  return { '@typescript-eslint/no-restricted-imports': options, 'boundaries/no-restricted-dynamic-imports': options };
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'src/routeTree.gen.ts',
      'src/api/operator-api.gen.ts',
      'visualizations',
      'test-results',
      'playwright-report',
      'dist-prod',
      'dist-screens',
      'test-results-prod',
      'playwright-report-prod',
      '*.tmp.mjs',
      '.stryker-tmp',
      'reports',
      // Breaks every floor rule on purpose: tests/unit/browser-floor-lint.test.ts lints it on its own.
      'tests/fixtures/floor',
    ],
  },
  { plugins: { boundaries: { rules: { 'no-restricted-dynamic-imports': dynamicImportBoundaries } } } },
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
    // What ships to phones is held to the browser floor (package.json's browserslist,
    // docs/browser-floor.md): compat/compat knows the web APIs; the ES built-ins it does not know are listed here, each
    // with the first Safari and Chrome that have it. The fixture proves each rule still fires.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'public/**/*.js', 'tests/fixtures/floor/*.js'],
    plugins: { compat },
    rules: {
      'compat/compat': 'error',
      'no-restricted-properties': [
        'error',
        ...newerStatics([
          ['URL', 'parse', 'Safari 18, Chrome 126: use parseUrl (machines/shared/web-address.ts)'],
          ['URL', 'canParse', 'Safari 17, Chrome 120: use parseUrl (machines/shared/web-address.ts)'],
          ['AbortSignal', 'any', 'Safari 17.4, Chrome 116'],
          ['AbortSignal', 'timeout', 'Safari 16, Chrome 103'],
          ['Promise', 'withResolvers', 'Safari 17.4, Chrome 119'],
          ['Object', 'groupBy', 'Safari 17.4, Chrome 117'],
          ['Map', 'groupBy', 'Safari 17.4, Chrome 117'],
          ['Array', 'fromAsync', 'Safari 16.4, Chrome 121'],
          ['Response', 'json', 'Safari 17, Chrome 105'],
        ]),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${NEWER_METHODS.join('|')})$/]`,
          message:
            'Newer than the browser floor: toSorted, toReversed, toSpliced (Safari 16, Chrome 110); isWellFormed, toWellFormed (Safari 16.4, Chrome 111); the Set methods (Safari 17, Chrome 122).',
        },
        {
          selector: 'Literal[regex.flags=/v/]',
          message: "A regular expression's v flag is newer than the browser floor (Safari 17, Chrome 112).",
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbidAll(BOUNDARY.sandbox, BOUNDARY.scripts),
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
    // The error page (observability) draws with components, as they do, and never with a view.
    files: ['src/{components,observability}/**/*.{ts,tsx}'],
    rules: forbidAll(BOUNDARY.sandbox, BOUNDARY.scripts, BOUNDARY.views),
  },
  {
    files: ['src/{actors,api,payments,lib,i18n}/**/*.{ts,tsx}'],
    ignores: METHOD_VIEW_FILES,
    rules: forbidAll(BOUNDARY.sandbox, BOUNDARY.scripts, BOUNDARY.upper, BOUNDARY.methodSteps),
  },
  {
    files: ['machines/**/*.ts'],
    rules: forbidAll(BOUNDARY.machines, BOUNDARY.machinesShared, BOUNDARY.chartSetup),
  },
  {
    // The one module that wraps xstate's setup.
    files: ['machines/shared/chart-setup.ts'],
    rules: forbidAll(BOUNDARY.machines, BOUNDARY.machinesShared),
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: forbidAll(BOUNDARY.app, BOUNDARY.tooling),
  },
  {
    // The one exception: the catalogue's menus are checked with the app's own menu schema, so the sandbox can
    // never serve a menu the app would reject (src/api/menu.ts is that schema; design.md §6.2 keeps it there).
    files: ['sandbox/catalogue.ts'],
    rules: restrictImports([
      { regex: String.raw`(^|/)src(/(?!api/menu$)|$)`, message: BOUNDARY.app.message },
      BOUNDARY.tooling,
    ]),
  },
  {
    files: ['deploy/**/*.ts'],
    rules: forbidAll(BOUNDARY.deployShared),
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    ignores: ['tests/unit/**', 'tests/paths/**'],
    rules: restrictTestImports(SPEC_FIGURES),
  },
  {
    // The path tests drive the machines and read the selectors the views read, as the subjects they check.
    files: ['tests/paths/*.paths.test.ts'],
    rules: restrictTestImports(SPEC_FIGURES, SELECTOR_RULES),
  },
  {
    // The oracles' own modules: docs/requirements.md in test code, with types alone from the app (and its ApiError class).
    files: ['tests/paths/*.ts'],
    ignores: ['tests/paths/*.paths.test.ts'],
    rules: restrictTestImports({
      regex: String.raw`^(\.\./)+(machines/(?!shared/api-failure$|graph/statechart-edges$)|src/)`,
      allowTypeImports: true,
      message:
        'An oracle module takes types alone from the code it checks: it computes its expectations from docs/requirements.md.',
    }),
  },
);
