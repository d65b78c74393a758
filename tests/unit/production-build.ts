/**
 * The production build (`vite build` with .env, as `npm run build` makes it), made once per test run for
 * each set of settings the tests ask for and shared by every test file that reads it (csp-build and
 * no-secrets read the same one): each build takes most of a minute on a busy two-core machine. The first
 * test file to ask for a build makes it in the run's folder (tests/unit/production-builds.setup.ts) while
 * the others wait for it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, watch, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { inject } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** A non-public setting in every build's environment, as a CI secret would be: it must stay out of the build. */
export const CANARY = { name: 'PAYPOINT_DEPLOY_TOKEN', value: 'canary-0d9f3b7e5a1c' };

export interface Built {
  dir: string;
  html: string;
  /** Every emitted file's text, by path under the build directory. */
  files: Map<string, string>;
}

/**
 * The production build with these settings added to the environment (and the canary). Rejects with the
 * build's own error when it refuses to build, in every test file that asks for it.
 */
export async function productionBuild(env: Record<string, string> = {}): Promise<Built> {
  const settings = createHash('sha256')
    .update(JSON.stringify(Object.entries(env).sort()))
    .digest('hex');
  const dir = join(inject('productionBuilds'), settings.slice(0, 16));
  if (firstToAsk(dir)) await buildInto(dir, env);
  else await finished(dir);
  return builtFiles(dir);
}

/** Whether no other test file has asked for the build in `dir` yet: making a folder is atomic, so one wins. */
function firstToAsk(dir: string): boolean {
  try {
    mkdirSync(`${dir}.claimed`);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Builds into a folder beside `dir`, renamed to `dir` when whole; a refusal is written down for the others. */
async function buildInto(dir: string, env: Record<string, string>): Promise<void> {
  const partial = `${dir}.partial`;
  const overrides = { NODE_ENV: 'production', [CANARY.name]: CANARY.value, ...env };
  const saved = Object.fromEntries(Object.keys(overrides).map((name) => [name, process.env[name]]));
  Object.assign(process.env, overrides);
  try {
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir: partial, emptyOutDir: true },
    });
    renameSync(partial, dir);
  } catch (error) {
    writeFileSync(`${dir}.failed`, String(error));
    throw error;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  }
}

/** Settles when the test file that asked first has put the build in `dir`, or has written down its refusal. */
function finished(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      if (existsSync(dir)) resolve();
      else if (existsSync(`${dir}.failed`)) reject(new Error(readFileSync(`${dir}.failed`, 'utf8')));
      else return;
      watcher.close();
    };
    // Watching before the first look: a build finished in between is still seen.
    const watcher = watch(join(dir, '..'), settle);
    settle();
  });
}

function builtFiles(dir: string): Built {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = join(sub, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(path, readFileSync(join(dir, path), 'utf8'));
    }
  };
  walk('');
  return { dir, html: files.get('index.html') ?? '', files };
}
