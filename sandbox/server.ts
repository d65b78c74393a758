// `npm start`: serves the built app (dist/) on PORT, the providers' stand-ins and, when the build names one,
// the operator's API on an origin of its own (otherwise on the app's).
import { existsSync, readFileSync } from 'node:fs';
import { Server as HttpServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { Menu } from '../machines/menu/menu.types';
import { createSandboxApp } from './app';
import { RECONCILE_EVERY_MS } from './operator/reconcile';
import { TEST_CARDS } from './cards';
import { MACHINE_FAULTS } from './standins/machine-controller';
import { CatalogueError, loadCatalogue, type Catalogue, type CatalogueMachine } from './catalogue';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// SANDBOX_DIST serves another build (e.g. one per working copy when several builds run side by side).
const distDir = process.env.SANDBOX_DIST ? resolve(process.env.SANDBOX_DIST) : join(repoRoot, 'dist');
// A path given by the user is relative to where they are; the default is relative to the repo.
const cataloguePath = process.env.SANDBOX_CATALOGUE
  ? resolve(process.env.SANDBOX_CATALOGUE)
  : join(repoRoot, 'sandbox', 'catalogue.json');
const port = Number(process.env.PORT ?? 4173);
// A real processor takes a moment: long enough to see the app's loading state and to refuse a double tap.
const processingMs = Number(process.env.SANDBOX_PROCESSING_MS ?? 300);

function exit(message: string): never {
  console.error(message);
  process.exit(1);
}

/** What a machine demonstrates, for the start banner. */
function describe(menu: Menu): string {
  const { credit_card, google_pay, apple_pay, bit } = menu.frontend_config;
  return [
    credit_card?.enabled ? credit_card.type : 'no card',
    google_pay && 'Google Pay',
    apple_pay && 'Apple Pay',
    bit?.enabled && 'Bit',
    menu.allow_multiple_products && 'multi-select',
    !menu.is_active && 'INACTIVE',
  ]
    .filter(Boolean)
    .join(', ');
}

/** A machine's page as its QR sticker opens it: the machine and the code the operator bound to the sticker. */
const stickerAddress = (origin: string, page: '/pay' | '/vacuum', { id, qrCode }: CatalogueMachine) =>
  `${origin}${page}?${new URLSearchParams({ machine_id: id, qr: qrCode }).toString()}`;

function printBanner(catalogue: Catalogue, origin: string) {
  const rows = [...catalogue.values()].map((machine) => [
    machine.id,
    machine.menu.product_view,
    describe(machine.menu),
    stickerAddress(origin, '/pay', machine),
  ]);
  const vacuum = [...catalogue.values()].find((machine) => machine.billing === 'hourly');
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  console.log(`Sandbox: ${origin}  (catalogue ${cataloguePath})`);
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`);
  console.log(
    [
      'Other entry points:',
      ...(vacuum ? [`  vacuum (hourly)        ${stickerAddress(origin, '/vacuum', vacuum)}`] : []),
      `  wheelshare station     ${origin}/wheelshare`,
      `  payment link (signed)  ${origin}/test`,
      `  link builder, debug    ${origin}/test  ${origin}/debug_vars`,
      `  information            ${origin}/refund-and-cancellation  ${origin}/accessibility  ${origin}/contact`,
    ].join('\n'),
  );
  console.log(`Charges: ${origin}/sandbox/charges`);
  console.log(
    [
      'Test cards (any future MM/YY, CVV 3-4 digits; any other Luhn-valid number is approved):',
      `  ${TEST_CARDS.approved}  approved`,
      `  ${TEST_CARDS.declined}  declined by the processor`,
      `  ${TEST_CARDS.cvvError}  CVV error`,
      'Wallets: the sheet has Approve / Decline / Cancel. Apple Pay appears only with the cookie sandbox_apple_pay=1.',
      `Machines answer at once and deliver in 2.5 s; the next purchase on one does otherwise (${MACHINE_FAULTS.join(', ')}) with`,
      `  curl -X POST ${origin}/sandbox/faults -H 'content-type: application/json' -d '{"call":"machine/1001","fault":"vend-fails","times":1}'`,
    ].join('\n'),
  );
}

if (!Number.isInteger(port) || port < 0 || port > 65535)
  exit(`sandbox: PORT must be a port number, not "${process.env.PORT}"`);
if (!Number.isInteger(processingMs) || processingMs < 0)
  exit(
    `sandbox: SANDBOX_PROCESSING_MS must be a whole number of milliseconds, not "${process.env.SANDBOX_PROCESSING_MS}"`,
  );

let catalogue: Catalogue;
try {
  catalogue = loadCatalogue(cataloguePath);
} catch (error) {
  if (error instanceof CatalogueError) exit(error.message);
  throw error;
}
if (!existsSync(join(distDir, 'index.html')))
  exit(`sandbox: ${join(distDir, 'index.html')} is missing; run npm run build:sandbox first`);

/** The origins a sandbox build names (vite.config.ts writes dist/sandbox.json from .env.sandbox). */
interface BuildOrigins {
  /** The providers' stand-ins. */
  providersOrigin?: string;
  /** The operator's API, when it has an origin of its own (SANDBOX_API_ORIGIN). */
  apiOrigin?: string;
}

function readBuildOrigins(): BuildOrigins {
  const manifest = join(distDir, 'sandbox.json');
  if (!existsSync(manifest))
    exit(`sandbox: ${manifest} is missing: ${distDir} is not a sandbox build (run npm run build:sandbox)`);
  return JSON.parse(readFileSync(manifest, 'utf8')) as BuildOrigins;
}

/** One origin the build names, with the port this server must listen on for it. */
function originOfBuild(value: string | undefined, what: string, setting: string): URL {
  const origin = URL.parse(value ?? '');
  if (!origin?.port) exit(`sandbox: ${join(distDir, 'sandbox.json')} names no ${what} origin with a port`);
  if (Number(origin.port) === port)
    exit(
      `sandbox: PORT ${port} is where this build expects ${what}; set another PORT (or rebuild with another ${setting})`,
    );
  return origin;
}

const buildOrigins = readBuildOrigins();
const providersOrigin = originOfBuild(
  buildOrigins.providersOrigin,
  "the providers' stand-ins",
  'SANDBOX_PROVIDERS_ORIGIN',
);
const apiOrigin = buildOrigins.apiOrigin
  ? originOfBuild(buildOrigins.apiOrigin, "the operator's API", 'SANDBOX_API_ORIGIN')
  : undefined;
if (apiOrigin?.port === providersOrigin.port)
  exit('sandbox: SANDBOX_API_ORIGIN and SANDBOX_PROVIDERS_ORIGIN name the same port; rebuild with two ports');

/** An http(s) origin as written in a setting, or undefined (URL.parse('localhost:8443') is a scheme, origin "null"). */
const httpOrigin = (value: string) => {
  const url = URL.parse(value);
  return url && /^https?:$/.test(url.protocol) ? url.origin : undefined;
};

/**
 * More origins that serve this build (comma-separated), e.g. a production server's https://localhost:8443:
 * the API answers CORS for them, and the providers know them as the merchant's sites, like the app's own.
 */
const extraAppOrigins = (process.env.SANDBOX_APP_ORIGINS ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map(
    (entry) =>
      httpOrigin(entry) ??
      exit(`sandbox: SANDBOX_APP_ORIGINS: "${entry}" is not an http(s) origin such as https://localhost:8443`),
  );

const sandbox = createSandboxApp({
  catalogue,
  distDir,
  processingMs,
  reconcileEveryMs: RECONCILE_EVERY_MS,
  providersOrigin: providersOrigin.origin,
  appOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...extraAppOrigins],
  apiOnItsOwnOrigin: apiOrigin !== undefined,
  ...(apiOrigin ? { apiOrigin: apiOrigin.origin } : {}),
});

/** How long an idle keep-alive connection stays open: longer than any client keeps one. */
const KEEP_ALIVE_MS = 65_000;

/** Listens on one port; a port in use stops the sandbox with a message naming the setting to change. */
function listen(fetch: typeof sandbox.fetch, listenPort: number, setting: string, onListening: () => void) {
  const server = serve({ fetch, port: listenPort }, onListening);
  // Node closes an idle keep-alive connection after 5 s, and a client that reuses one at that instant
  // (Playwright's request context ignores the Keep-Alive hint) gets "socket hang up". The server outlives
  // its clients' idle connections instead, as behind a load balancer (65 s; headersTimeout must exceed it).
  if (server instanceof HttpServer) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
  }
  server.on('error', (error: NodeJS.ErrnoException) =>
    exit(
      error.code === 'EADDRINUSE' ? `sandbox: port ${listenPort} is in use; ${setting}` : `sandbox: ${error.message}`,
    ),
  );
  return server;
}

const rebuild = (setting: string, what: string) =>
  `rebuild with another ${setting} (${what} port is baked into the build)`;
const servers = [
  listen(
    sandbox.providers.fetch,
    Number(providersOrigin.port),
    rebuild('SANDBOX_PROVIDERS_ORIGIN', "the providers'"),
    () => {},
  ),
  ...(apiOrigin
    ? [listen(sandbox.api.fetch, Number(apiOrigin.port), rebuild('SANDBOX_API_ORIGIN', "the API's"), () => {})]
    : []),
  listen(sandbox.fetch, port, 'set PORT to another', () => {
    const appOrigin = `http://localhost:${port}`;
    printBanner(catalogue, appOrigin);
    console.log(`Providers' stand-ins: ${providersOrigin.origin}`);
    console.log(
      apiOrigin
        ? `Operator's API (/v4/api): ${apiOrigin.origin}, answering CORS for ${sandbox.appOrigins.join(', ')}`
        : `Operator's API (/v4/api): ${appOrigin} (the app's origin; set SANDBOX_API_ORIGIN when building for one of its own)`,
    );
  }),
];
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    let open = servers.length;
    for (const server of servers) server.close(() => --open || process.exit(0));
  });
