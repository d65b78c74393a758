/**
 * `npm run screenshots` (tests/screens/): the designers' screenshots, with the browser settings of
 * playwright.config.ts, on a port of its own (SCREENS_PORT, default 4420). It serves SANDBOX_DIST
 * when set, else builds dist-screens/ with the sandbox settings first: a folder of its own, so that a
 * browser suite serving dist/ (npm test's build, for other ports) is never swapped under it.
 */
import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.SCREENS_PORT ?? 4420);
const server = 'npx tsx sandbox/server.ts';
const ownBuild = 'dist-screens';

export default defineConfig({
  ...base,
  testDir: 'tests/screens',
  reporter: [['list']],
  timeout: 60_000,
  globalTeardown: './tests/screens/write-manifest.ts',
  // The pictures are drawn at the phone's own density, then saved at CSS size (screens.spec.ts).
  use: {
    ...base.use,
    baseURL: `http://localhost:${port}`,
    deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
    trace: 'off',
  },
  webServer: {
    command: process.env.SANDBOX_DIST
      ? server
      : `SANDBOX_PROVIDERS_ORIGIN=http://localhost:${port + 1} npx vite build --mode sandbox --outDir ${ownBuild} --emptyOutDir && SANDBOX_DIST=${ownBuild} ${server}`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/sandbox/charges`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
