import { defineConfig, devices } from '@playwright/test';
import chromiumSettings from './scripts/chromium.json' with { type: 'json' };

const port = Number(process.env.E2E_PORT ?? 4310);

/**
 * Debian's Chromium, never a downloaded browser (design.md §11): its headless shell, the same engine
 * without the full browser's window layer (scripts/chromium.json).
 */
const chromium = {
  executablePath: process.env.E2E_CHROME_PATH ?? chromiumSettings.headlessShellPath,
  args: chromiumSettings.args,
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report is the machine-readable record of a run: every test, its status and duration.
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/e2e-report.json' }],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  // A busy machine (CI, two workers on two cores) can take several times longer than a quiet one:
  // waits get room, while the tests that measure time assert their own bounds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Nothing is retried: a test that fails once fails the run, so a rare failure is a bug found.
  retries: 0,
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    // Drawn at one device pixel per CSS pixel, not the Pixel 7's 2.625: the tests read layout, which is in CSS
    // pixels whatever the density, and the app asks for no density (no srcset, image-set or resolution query).
    // Rastering 6.9 times fewer pixels took a fifth off the processor time (sheet-fit and contrast, 38 tests:
    // 169 → 126 and 136 → 120 CPU-s). The screenshots keep the phone's density (playwright.screens.config.ts).
    deviceScaleFactor: 1,
    browserName: 'chromium',
    launchOptions: chromium,
    // A failed test keeps its trace: each action with its timing, the network, the console and the source; the
    // failing page's picture and its accessibility tree (error-context.md) are kept beside it. Without the
    // screencast (a quarter of the tests' time on two cores) and the DOM snapshots before and after each action
    // (a fifth of their processor time: 233 → 188 CPU-s over 24 tests). `--trace on` brings both back.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    // `npm test` builds dist/ with the sandbox settings first; this is `npm start`'s server.
    command: 'npx tsx sandbox/server.ts',
    env: { PORT: String(port) },
    url: `http://localhost:${port}/sandbox/charges`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
