/**
 * The payment pages' script inventory check (scripts/check-script-inventory.ts, run by npm test on the real
 * build): on a small build written here, and the committed inventory against the production settings.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProblems, productionProblems, type ScriptInventory } from '../../scripts/check-script-inventory';

const listing = { what: '', pages: '', why: '', integrity: '' };
const startUp = { id: 'start-up', sources: ['index.html'], ...listing };
const inventory: ScriptInventory = {
  own: [startUp, { id: 'routes', sources: ['src/routes/*'], ...listing }],
  public: [{ id: 'worker', file: 'intl-warm-up.js', ...listing }],
  inline: [{ id: 'early-menu', marker: 'earlyMenuRequest', ...listing }],
  thirdParty: [
    {
      id: 'stripe-js',
      setting: 'VITE_STRIPE_JS_URL',
      production: 'https://js.stripe.com/endive/stripe.js',
      loadedBy: 'src/payments/stripe/stripe.ts',
      ...listing,
    },
  ],
};

let distDir = '';
afterEach(() => rmSync(distDir, { recursive: true, force: true }));

/** A build of an entry, one route chunk and one shared chunk, under this script-src. */
function writeBuild(scriptSrc = "'self' https://js.stripe.com") {
  distDir = mkdtempSync(join(tmpdir(), 'script-inventory-'));
  mkdirSync(join(distDir, '.vite'));
  mkdirSync(join(distDir, 'assets'));
  const manifest = {
    'index.html': {
      file: 'assets/index-a1.js',
      isEntry: true,
      imports: ['_vendor-b2.js'],
      dynamicImports: ['src/routes/pay.tsx'],
    },
    '_vendor-b2.js': { file: 'assets/vendor-b2.js' },
    'src/routes/pay.tsx': { file: 'assets/pay-c3.js', isDynamicEntry: true },
    'style.css': { file: 'assets/style-d4.css' },
  };
  writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const file of ['assets/index-a1.js', 'assets/vendor-b2.js', 'assets/pay-c3.js', 'intl-warm-up.js'])
    writeFileSync(join(distDir, file), 'export {};');
  writeFileSync(
    join(distDir, 'index.html'),
    '<head><script>window.earlyMenuRequest = 1</script><script type="module" src="/assets/index-a1.js"></script></head>',
  );
  writeFileSync(
    join(distDir, 'server-headers.json'),
    JSON.stringify({ 'Content-Security-Policy': `default-src 'self'; script-src ${scriptSrc}; object-src 'none'` }),
  );
}

describe('the script inventory against a build', () => {
  it('finds nothing to say when the build loads only what is listed', () => {
    writeBuild();
    expect(buildProblems(distDir, inventory)).toEqual([]);
  });

  it('names a script file nobody listed, an unlisted lazily loaded chunk, and an entry that matches nothing', () => {
    writeBuild();
    writeFileSync(join(distDir, 'assets', 'skimmer-e5.js'), 'steal()');
    expect(buildProblems(distDir, { ...inventory, own: [startUp, { id: 'gone', sources: ['src/old/*'] }] })).toEqual([
      'assets/pay-c3.js (from src/routes/pay.tsx) is not in security/payment-page-scripts.json: list it under "own"',
      '"gone" in security/payment-page-scripts.json matches nothing the build has',
      'assets/skimmer-e5.js is a script in the build that security/payment-page-scripts.json does not list',
    ]);
  });

  it('names an inline script and a <script src> host nobody listed, and a script host the policy allows', () => {
    writeBuild("'self' https://js.stripe.com https://tags.example");
    const page = readFileSync(join(distDir, 'index.html'), 'utf8');
    writeFileSync(
      join(distDir, 'index.html'),
      page.replace('</head>', '<script>track()</script><script src="https://tags.example/t.js"></script></head>'),
    );
    expect(buildProblems(distDir, inventory)).toEqual([
      'script-src allows https://tags.example, which no provider script in security/payment-page-scripts.json comes from',
      'index.html has an inline script not in security/payment-page-scripts.json: track()',
      'index.html loads https://tags.example/t.js, which security/payment-page-scripts.json does not list',
    ]);
  });
});

describe('the committed inventory against the production settings (.env) and the provider table', () => {
  const committed = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../security/payment-page-scripts.json'), 'utf8'),
  ) as ScriptInventory;
  const production = {
    VITE_GOOGLE_PAY_SDK_URL: 'https://pay.google.com/gp/p/js/pay.js',
    VITE_APPLE_PAY_SDK_URL: '',
    VITE_APPLE_PAY_BUTTON_SDK_URL: 'https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js',
    VITE_TRANZILA_SDK_URL: 'https://hf.tranzila.com/assets/js/thostedf.js',
    VITE_STRIPE_JS_URL: 'https://js.stripe.com/endive/stripe.js',
  };

  it('lists exactly the provider scripts production allows', () => {
    expect(productionProblems(committed, production)).toEqual([]);
  });

  it('names a provider script moved elsewhere without a review of the inventory', () => {
    expect(
      productionProblems(committed, { ...production, VITE_STRIPE_JS_URL: 'https://cdn.example/stripe.js' }),
    ).toEqual([
      '"stripe-js": security/payment-page-scripts.json says https://js.stripe.com/endive/stripe.js, .env\'s VITE_STRIPE_JS_URL is https://cdn.example/stripe.js',
      'production script-src allows https://cdn.example, which security/payment-page-scripts.json does not list',
      'security/payment-page-scripts.json lists https://js.stripe.com, which production script-src does not allow',
    ]);
  });
});
