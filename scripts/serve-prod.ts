// `npm run serve:prod`: the app as production serves it. Builds it (sandbox settings: the API and the
// providers' stand-ins are the sandbox's, each on an origin of its own), starts the sandbox and Caddy
// with deploy/Caddyfile (HTTP/2 over TLS, precompressed files, immutable assets, security headers), prints
// the address and stops both on Ctrl-C. Settings: PORT (8443), FRAME_ANCESTORS, CADDY, SERVE_PROD_DIST.
// `--build-only` builds for PORT and stops; `--no-build` serves that build (the test suite's two steps).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_HEADERS_FILE } from '../deploy/server-headers';
import { loadCatalogue } from '../sandbox/catalogue';
import { placeholderSvg } from '../sandbox/images';
import { CADDY, startCaddy } from './caddy';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = resolve(repoRoot, process.env.SERVE_PROD_DIST ?? 'dist-prod');
const port = Number(process.env.PORT ?? 8443);

function exit(message: string): never {
  console.error(`serve:prod: ${message}`);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 1 || port > 65532)
  exit(`PORT must be a port number with the next three free too, not "${process.env.PORT}"`);

/** The merchants' sites allowed to frame /customPaymentIframe: space-separated https origins. */
const frameAncestors = (process.env.FRAME_ANCESTORS ?? '').split(/\s+/).filter(Boolean);
for (const entry of frameAncestors)
  if (URL.parse(entry)?.origin !== entry)
    exit(`FRAME_ANCESTORS: "${entry}" is not an origin such as https://merchant.example (no path, no slash)`);

const [mode] = process.argv.slice(2);
if (mode !== undefined && mode !== '--build-only' && mode !== '--no-build')
  exit(`unknown option ${mode}: use --build-only, --no-build or none`);

// Before a build a new user would wait for in vain.
if (mode !== '--build-only' && spawnSync(CADDY, ['version'], { stdio: 'ignore' }).error)
  exit(`${CADDY} was not found. Install Caddy 2.6 or newer (Debian: apt-get install caddy) or set CADDY to its path.`);

/** The app on PORT (Caddy, https); the sandbox's API, its own page and the stand-ins on the next ports. */
const appOrigin = `https://localhost:${port}`;
const apiOrigin = `http://localhost:${port + 1}`;
const sandboxPort = port + 2;
const providersOrigin = `http://localhost:${port + 3}`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'inherit' });
}

const build =
  mode === '--no-build'
    ? { status: 0 }
    : spawnSync(
        'npx',
        ['vite', 'build', '--mode', 'sandbox', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: repoRoot,
          stdio: 'inherit',
          env: { ...process.env, SANDBOX_PROVIDERS_ORIGIN: providersOrigin, SANDBOX_API_ORIGIN: apiOrigin },
        },
      );
if (build.status !== 0) exit('the build failed');

/** The sandbox operator's catalogue, as the sandbox server reads it. */
function sandboxCatalogue() {
  return loadCatalogue(
    process.env.SANDBOX_CATALOGUE
      ? resolve(process.env.SANDBOX_CATALOGUE)
      : join(repoRoot, 'sandbox', 'catalogue.json'),
  );
}
if (mode !== '--no-build') writeProductImages();
if (mode === '--build-only') process.exit(0);

/**
 * The catalogue's product pictures (/sandbox/images/<name>.svg, which the sandbox draws) as files of the
 * build: the production server answers the app's origin from files alone, and the policy's img-src allows
 * this origin and https hosts, not the sandbox's plain-http port.
 */
function writeProductImages() {
  const catalogue = sandboxCatalogue();
  const folder = join(distDir, 'sandbox', 'images');
  mkdirSync(folder, { recursive: true });
  for (const { menu } of catalogue.values())
    for (const { image_url: url } of menu.products) {
      const name = /^\/sandbox\/images\/([\w-]+)\.svg$/.exec(url)?.[1];
      if (name) writeFileSync(join(folder, `${name}.svg`), placeholderSvg(name));
    }
}

const headersFile = join(distDir, SERVER_HEADERS_FILE);
if (!existsSync(headersFile)) exit(`${headersFile} is missing: build first (without --no-build)`);

const children = [
  // Node itself (tsx as its loader), not npx: a signal reaches the server, not only npm.
  run(process.execPath, ['--import', 'tsx', 'sandbox/server.ts'], {
    PORT: String(sandboxPort),
    SANDBOX_DIST: distDir,
    SANDBOX_APP_ORIGINS: appOrigin,
  }),
  // The build's violation reports (.env.sandbox: /sandbox/csp-reports on the app's origin) reach the sandbox.
  startCaddy({ port, siteRoot: distDir, frameAncestors, reportsUpstream: `localhost:${sandboxPort}` }),
];

const state = { stopping: false };
function stop(code: number) {
  state.stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children)
  child.on('exit', (code) => {
    if (!state.stopping) {
      console.error(`serve:prod: ${child.spawnargs.join(' ')} stopped (${code}); stopping the other`);
      stop(1);
    }
  });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));

/** Resolves once Caddy answers over TLS (its certificate is its own CA's, so it is not checked here). */
function caddyAnswers(): Promise<boolean> {
  return new Promise((done) => {
    get(`${appOrigin}/`, { rejectUnauthorized: false }, (response) => {
      response.resume();
      done(response.statusCode === 200);
    }).on('error', () => done(false));
  });
}

const started = Date.now();
while (!(await caddyAnswers())) {
  // Ctrl-C or a child's end while waiting: the children are being stopped, nothing to print.
  if (state.stopping) process.exit();
  if (Date.now() - started > 60_000) {
    stop(1);
    exit(`Caddy did not answer on ${appOrigin} within a minute`);
  }
  await new Promise((wait) => setTimeout(wait, 250));
}
console.log(
  [
    '',
    `Production server (Caddy, HTTP/2, TLS by its own local CA: accept the certificate once): ${appOrigin}`,
    `  e.g. ${appOrigin}/pay?${new URLSearchParams({ machine_id: '1001', qr: sandboxCatalogue().get('1001')?.qrCode ?? '' }).toString()}`,
    `  operator API (sandbox): ${apiOrigin}   providers' stand-ins: ${providersOrigin}`,
    `  CSP violation reports: ${appOrigin}/sandbox/csp-reports (forwarded to the sandbox, GET lists them)`,
    `  /customPaymentIframe may be framed by: ${frameAncestors.join(' ') || 'this origin only (set FRAME_ANCESTORS)'}`,
    'Ctrl-C stops both.',
  ].join('\n'),
);
