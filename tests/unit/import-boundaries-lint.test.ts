/**
 * The import boundaries (eslint.config.js, BOUNDARY) are lint rules, not a hope: ESLint, with the project's
 * own configuration, must refuse each wrong import below, written into a real file of the folder it is
 * forbidden in (linted as text: the file on disk is untouched), and let the right ones through — as an
 * `import` statement and as a dynamic `import()` alike.
 * The type-aware rules are off: they have no bearing on imports and would make each case a program build.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/** An import written into `file`, and whether the boundaries refuse it. */
const CASES = [
  { file: 'src/inspect/live-view.ts', from: '../../scripts/csp-plugin', refused: true },
  { file: 'src/views/pay/PayPage.tsx', from: '../../../sandbox/catalogue', refused: true },
  { file: 'src/components/Logo.tsx', from: '../views/pay/PayPage', refused: true },
  { file: 'src/components/Logo.tsx', from: '../../scripts/csp-plugin', refused: true },
  { file: 'src/components/Logo.tsx', from: '../../sandbox/catalogue', refused: true },
  { file: 'src/components/Logo.tsx', from: '../../machines/shared/pricing', refused: false },
  { file: 'src/api/menu.ts', from: '../components/Logo', refused: true },
  { file: 'src/lib/cookies.ts', from: '../views/pay/PayPage', refused: true },
  { file: 'src/payments/load-script.ts', from: '../routes/index', refused: true },
  // A method's step is a view in its method's folder: its effects and adapter never import it, nor the steps' list.
  { file: 'src/payments/card-scan/card-scan.effects.ts', from: './CardScanStep', refused: true },
  { file: 'src/payments/card-scan/card-scan.ts', from: '../steps', refused: true },
  { file: 'src/payments/registry.ts', from: './steps', refused: true },
  { file: 'src/actors/payments.ts', from: '../payments/steps', refused: true },
  { file: 'src/actors/payments.ts', from: '../payments/registry', refused: false },
  { file: 'src/payments/card-scan/CardScanStep.tsx', from: '../../components/Spinner', refused: false },
  { file: 'src/payments/steps.tsx', from: '../components/Spinner', refused: false },
  { file: 'src/observability/ErrorPage.tsx', from: '../views/pay/PayPage', refused: true },
  { file: 'src/observability/ErrorPage.tsx', from: '../components/MachineMessage', refused: false },
  { file: 'machines/shared/pricing.ts', from: '../../src/api/menu', refused: true },
  { file: 'machines/shared/pricing.ts', from: 'react', refused: true },
  { file: 'machines/shared/pricing.ts', from: '../../scripts/csp-plugin', refused: true },
  { file: 'machines/shared/pricing.ts', from: '../../sandbox/catalogue', refused: true },
  { file: 'machines/shared/pricing.ts', from: '../../tests/fixtures/menus', refused: true },
  { file: 'machines/shared/pricing.ts', from: '../menu/menu.types', refused: false },
  { file: 'sandbox/stores.ts', from: '../src/api/menu', refused: true },
  { file: 'sandbox/api/menu.ts', from: '../../src/api/purchase', refused: true },
  { file: 'sandbox/api/menu.ts', from: '../../machines/shared/pricing', refused: false },
  // The sandbox serves the build as production does, through deploy/, never with the build's tooling.
  { file: 'sandbox/app.ts', from: '../scripts/csp-plugin', refused: true },
  { file: 'sandbox/standins/scripts.ts', from: '../../scripts/providers', refused: true },
  { file: 'sandbox/app.ts', from: '../deploy/server-headers', refused: false },
  { file: 'sandbox/app.ts', from: './standins/scripts', refused: false },
  // The catalogue checks its menus with the app's own menu schema, and with nothing else of the app.
  { file: 'sandbox/catalogue.ts', from: '../src/api/menu', refused: false },
  { file: 'sandbox/catalogue.ts', from: '../src/api/purchase', refused: true },
  { file: 'sandbox/catalogue.ts', from: '../src/api', refused: true },
  { file: 'sandbox/catalogue.ts', from: '../scripts/csp-plugin', refused: true },
  { file: 'deploy/server-headers.ts', from: '../scripts/csp-plugin', refused: true },
  { file: 'deploy/server-headers.ts', from: '../sandbox/app', refused: true },
  { file: 'scripts/caddy.ts', from: '../deploy/server-headers', refused: false },
  // An oracle module lists a chart's edges from machines/graph/, as it did from scripts/.
  { file: 'tests/paths/edge-coverage.ts', from: '../../machines/graph/statechart-edges', refused: false },
  { file: 'tests/paths/edge-coverage.ts', from: '../../machines/shared/pricing', refused: true },
] as const;

/** The two forms of loading a module, each as a whole file's text. */
const FORMS = {
  static: (from: string) => `import '${from}';\n`,
  dynamic: (from: string) => `export const load = () => import('${from}');\n`,
} as const;

/** The rules that hold the boundaries, for `import` (the tests' with type imports) and for `import()`. */
const BOUNDARY_RULES = [
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'boundaries/no-restricted-dynamic-imports',
];

describe('the import boundaries in ESLint', () => {
  const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

  /** The boundary messages ESLint gives `code` written into `file`. */
  async function refusals(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: file });
    return (result?.messages ?? [])
      .filter(({ ruleId }) => ruleId !== null && BOUNDARY_RULES.includes(ruleId))
      .map(({ message }) => message);
  }

  it.each(Object.entries(FORMS))(
    'refuses each %s import across a boundary and lets the others through',
    async (_form, write) => {
      const got = await Promise.all(
        CASES.map(async ({ file, from }) => ({ file, from, refused: (await refusals(file, write(from))).length > 0 })),
      );
      expect(got).toEqual(CASES.map(({ file, from, refused }) => ({ file, from, refused })));
    },
    120_000,
  );

  it('says why, in the boundary’s own words, for either form', async () => {
    for (const write of Object.values(FORMS))
      expect(await refusals('src/components/Logo.tsx', write('../views/pay/PayPage'))).toEqual([
        expect.stringMatching(/never imports a view/),
      ]);
  });

  it('reads the names an import() takes where they are written, and takes the whole module elsewhere', async () => {
    const file = 'tests/component/splash.test.tsx';
    const splash = `'../../machines/splash/splash.machine'`;
    expect(await refusals(file, `export const f = async () => (await import(${splash})).SPLASH_SLIDE_MS;\n`)).toEqual([
      expect.stringMatching(/^'SPLASH_SLIDE_MS' import .* Write the figure docs\/requirements\.md fixes in the test/),
    ]);
    expect(await refusals(file, `export const f = async () => (await import(${splash})).splashMachine;\n`)).toEqual([]);
    const destructured = `export const f = async () => { const { splashMachine, SPLASH_SLIDE_MS } = await import(${splash}); return [splashMachine, SPLASH_SLIDE_MS]; };\n`;
    expect(await refusals(file, destructured)).toHaveLength(1);
    expect(await refusals(file, `export const f = () => import(${splash});\n`)).toHaveLength(1);
  });

  it('reads a template path by its written start: a placeholder cannot hide the folder it loads from', async () => {
    const load = (path: string) => `export const load = (name: string) => import(\`${path}\`);\n`;
    expect(await refusals('machines/shared/pricing.ts', load('../../src/api/${name}'))).toHaveLength(1);
    expect(await refusals('src/components/Logo.tsx', load('../views/${name}/PayPage'))).toHaveLength(1);
    expect(await refusals('src/i18n/i18n.ts', load('../../locales/${name}.json'))).toEqual([]);
  });
});
