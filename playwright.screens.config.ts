/**
 * `npm run screenshots` (tests/screens/): the designers' screenshots, with the browser settings of
 * playwright.config.ts, on a port of its own (SCREENS_PORT, default 4420). It serves SANDBOX_DIST
 * when set, else builds dist/ with the sandbox settings first.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.SCREENS_PORT ?? 4420);
const server = 'npx tsx sandbox/server.ts';

export default defineConfig({
  ...base,
  testDir: 'tests/screens',
  reporter: [['list']],
  timeout: 60_000,
  globalTeardown: './tests/screens/write-manifest.ts',
  use: { ...base.use, baseURL: `http://localhost:${port}`, trace: 'off' },
  webServer: {
    command: process.env.SANDBOX_DIST
      ? server
      : `SANDBOX_PROVIDERS_ORIGIN=http://localhost:${port + 1} npx vite build --mode sandbox && ${server}`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/sandbox/charges`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
