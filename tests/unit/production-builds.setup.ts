/**
 * The unit project's global set-up: the folder where this run's production builds go
 * (tests/unit/production-build.ts), made before the first test file runs, handed to the test files as
 * `productionBuilds`, and removed after the last. Nothing is built here: a run that reads no build makes none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's production builds. */
    productionBuilds: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'pay-builds-'));
  project.provide('productionBuilds', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
