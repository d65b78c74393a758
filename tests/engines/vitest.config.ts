import { defineConfig } from 'vitest/config';

/** `npm run test:engines`: the smoke journeys in Firefox ESR and WebKitGTK (docs/testing.md, "Engines"). */
export default defineConfig({
  test: {
    name: 'engines',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/engines/sandbox.ts'],
    // One browser at a time: two cores are shared with other work, and the charges are counted per run.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
