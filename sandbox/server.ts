// `npm start`: serves the built app (dist/) and the sandbox API on one port.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { Menu } from '../machines/menu/menu.types';
import { createSandboxApp } from './app';
import { TEST_CARDS } from './cards';
import { CatalogueError, loadCatalogue, type Catalogue } from './catalogue';

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

function printBanner(catalogue: Catalogue, origin: string) {
  const rows = [...catalogue.values()].map(({ id, menu }) => [
    id,
    menu.product_view,
    describe(menu),
    `${origin}/pay?machine_id=${id}`,
  ]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  console.log(`Sandbox: ${origin}  (catalogue ${cataloguePath})`);
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`);
  console.log(
    [
      'Other entry points:',
      `  vacuum (hourly)        ${origin}/vacuum?machine_id=1008`,
      `  wheelshare station     ${origin}/wheelshare`,
      `  payment link           ${origin}/genPaymentIntend?machine_id=1001&amount=7.50&info=Test%20payment`,
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

/** Where the build looks for the providers' stand-ins (vite.config.ts writes it from .env.sandbox). */
function providersOriginOfBuild(): URL {
  const manifest = join(distDir, 'sandbox.json');
  if (!existsSync(manifest))
    exit(`sandbox: ${manifest} is missing: ${distDir} is not a sandbox build (run npm run build:sandbox)`);
  const origin = URL.parse(
    (JSON.parse(readFileSync(manifest, 'utf8')) as { providersOrigin?: string }).providersOrigin ?? '',
  );
  if (!origin?.port) exit(`sandbox: ${manifest} names no providers origin with a port`);
  return origin;
}

const providersOrigin = providersOriginOfBuild();
const providersPort = Number(providersOrigin.port);
if (providersPort === port)
  exit(
    `sandbox: PORT ${port} is where this build expects the providers; set another PORT (or rebuild with another SANDBOX_PROVIDERS_ORIGIN)`,
  );

const sandbox = createSandboxApp({
  catalogue,
  distDir,
  processingMs,
  providersOrigin: providersOrigin.origin,
  appOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
});

/** Listens on one port; a port in use stops the sandbox with a message naming the setting to change. */
function listen(fetch: typeof sandbox.fetch, listenPort: number, setting: string, onListening: () => void) {
  const server = serve({ fetch, port: listenPort }, onListening);
  server.on('error', (error: NodeJS.ErrnoException) =>
    exit(
      error.code === 'EADDRINUSE' ? `sandbox: port ${listenPort} is in use; ${setting}` : `sandbox: ${error.message}`,
    ),
  );
  return server;
}

const servers = [
  listen(
    sandbox.providers.fetch,
    providersPort,
    "rebuild with another SANDBOX_PROVIDERS_ORIGIN (the providers' port is baked into the build)",
    () => {},
  ),
  listen(sandbox.fetch, port, 'set PORT to another', () => {
    printBanner(catalogue, `http://localhost:${port}`);
    console.log(`Providers' stand-ins: ${providersOrigin.origin}`);
  }),
];
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    let open = servers.length;
    for (const server of servers) server.close(() => --open || process.exit(0));
  });
