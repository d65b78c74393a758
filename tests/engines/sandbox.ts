/**
 * Global setup of the engine smoke tests: a sandbox build of the app of its own (the providers' port is
 * baked into a build) and `npm start`'s server serving it, stopped when the run ends.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PORT, APP_ORIGIN, PROVIDERS_ORIGIN } from './origins';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(`${APP_ORIGIN}/sandbox/charges`)).ok;
  } catch {
    return false;
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  if (await serverAnswers()) throw new Error(`${APP_ORIGIN} is already in use: set ENGINES_PORT to a free port`);
  const dist = mkdtempSync(join(tmpdir(), 'engines-dist-'));
  // Vitest puts the test mode's VITE_* settings (and NODE_ENV=test) in the environment, where they would
  // outrank .env.sandbox in the build: the build gets the environment the suite started with, without them.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && name !== 'NODE_ENV' && name !== 'MODE'),
  );
  const build = spawnSync(
    bin('vite'),
    ['build', '--mode', 'sandbox', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: root,
      env: { ...env, SANDBOX_PROVIDERS_ORIGIN: PROVIDERS_ORIGIN },
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('the sandbox build for the engine tests failed (see above)');

  const server: ChildProcess = spawn(bin('tsx'), ['sandbox/server.ts'], {
    cwd: root,
    env: { ...env, PORT: String(APP_PORT), SANDBOX_DIST: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  while (!(await serverAnswers())) {
    if (server.exitCode !== null) throw new Error(`the sandbox server stopped (exit ${server.exitCode})`);
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`the sandbox server did not answer at ${APP_ORIGIN} within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dist, { recursive: true, force: true });
  };
}
