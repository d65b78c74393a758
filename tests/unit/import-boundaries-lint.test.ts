/**
 * The import boundaries (eslint.config.js, BOUNDARY) are lint rules, not a hope: ESLint, with the project's
 * own configuration, must refuse each wrong import below, written into a real file of the folder it is
 * forbidden in (linted as text: the file on disk is untouched), and let the right ones through.
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
  // The catalogue checks its menus with the app's own menu schema, and with nothing else of the app.
  { file: 'sandbox/catalogue.ts', from: '../src/api/menu', refused: false },
  { file: 'sandbox/catalogue.ts', from: '../src/api/purchase', refused: true },
  { file: 'sandbox/catalogue.ts', from: '../src/api', refused: true },
  // An oracle module lists a chart's edges from machines/graph/, as it did from scripts/.
  { file: 'tests/paths/edge-coverage.ts', from: '../../machines/graph/statechart-edges', refused: false },
  { file: 'tests/paths/edge-coverage.ts', from: '../../machines/shared/pricing', refused: true },
] as const;

describe('the import boundaries in ESLint', () => {
  it('refuses each import across a boundary and lets the others through', async () => {
    const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });
    const got = await Promise.all(
      CASES.map(async ({ file, from }) => {
        const [result] = await eslint.lintText(`import '${from}';\n`, { filePath: file });
        const messages = (result?.messages ?? []).filter(({ ruleId }) => ruleId?.endsWith('no-restricted-imports'));
        return { file, from, refused: messages.length > 0, messages: messages.map(({ message }) => message) };
      }),
    );
    expect(got.map(({ file, from, refused }) => ({ file, from, refused }))).toEqual(
      CASES.map(({ file, from, refused }) => ({ file, from, refused })),
    );
    // Each refusal says why, in the boundary's own words.
    expect(got.find(({ file }) => file === 'src/components/Logo.tsx')?.messages[0]).toMatch(/never imports a view/);
  }, 120_000);
});
