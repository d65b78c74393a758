import { defineConfig, devices } from '@playwright/test';
import chromiumSettings from './scripts/chromium.json' with { type: 'json' };

/**
 * The production server suite (tests/prod): `npm run serve:prod`'s Caddy on PROD_PORT (4380), the sandbox's
 * API and stand-ins on the next ports. `npm run test:prod` builds dist-prod/ for these ports first.
 */
const port = Number(process.env.PROD_PORT ?? 4380);
// Merchants allowed to frame /customPaymentIframe: one the tests play (tests/prod/framing.spec.ts).
export const MERCHANT_ORIGIN = `http://localhost:${port + 4}`;
/** The sandbox's own origin (serve-prod: PORT + 2), where the tests read its recorded charges. */
export const SANDBOX_ORIGIN = `http://localhost:${port + 2}`;
// The fixtures read the stand-ins' origin from the build the server serves.
process.env.SANDBOX_DIST = 'dist-prod';

export default defineConfig({
  testDir: 'tests/prod',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report-prod' }]],
  outputDir: 'test-results-prod',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `https://localhost:${port}`,
    // Caddy's certificate comes from its own local CA, which is never installed in a trust store.
    ignoreHTTPSErrors: true,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    // Debian's Chromium, never a downloaded browser (design.md §11).
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? chromiumSettings.defaultPath,
      args: chromiumSettings.args,
    },
    // As the browser tests (playwright.config.ts): the trace without the screencast, and a picture.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx scripts/serve-prod.ts --no-build',
    env: { PORT: String(port), SERVE_PROD_DIST: 'dist-prod', FRAME_ANCESTORS: MERCHANT_ORIGIN },
    url: `https://localhost:${port}/`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
