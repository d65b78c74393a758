#!/usr/bin/env node
// `npm run bench`: the budgets of design.md §9, measured in one run, offline, on this machine,
// through the production server.
// 1. Builds and serves the app as `npm run serve:prod` does (scripts/serve-prod.ts: sandbox settings, the
//    operator API and the providers' stand-ins each on an origin of their own, Caddy with deploy/Caddyfile:
//    HTTP/2, TLS, precompressed files, the security headers; without the Apple Pay stand-in script, as production
//    Chromium gets the page), and a bare React 19 page
//    (scripts/bench/bare/) with the same React and the same precompression, served by the same Caddyfile.
// 2. Measures the initial JS of /pay from the manifest (scripts/bundle-size.mjs).
// 3. Runs Lighthouse mobile (default simulated throttling, performance only) in the system Chromium,
//    alternating /pay?machine_id=1001 for a returning visitor (splash cookie set) and the bare page, the
//    median of N each, then N first visits (no cookie): when the splash ends and when the product list is in
//    the page.
// 4. Prints a table, the simulated LCP path of the median runs (Lantern's node timings: the critical path)
//    and, as the last line, the JSON figures; exits 1 when a budget is broken.
// Usage: npm run bench [-- --runs N (default 5)] [--no-fail] [--report DIR]
//   --report DIR writes the median runs' Lighthouse reports (pay.json, bare.json: open in the Lighthouse viewer).
//   CHROME_PATH: the browser (default /usr/bin/chromium); CADDY: Caddy (default caddy on the PATH);
//   BENCH_PORT: the first of five ports (the app's four, as serve:prod, then the bare page's); default:
//   five free ones in a row.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's simulator (Lantern): its last LCP simulation gives the critical path with simulated timings.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
// Lighthouse's own dependency; it is how Lighthouse is driven with a prepared page (the splash cookie).
import puppeteer, { PredefinedNetworkConditions } from 'puppeteer-core';
import { build } from 'vite';
import { measureInitialJs } from './bundle-size.mjs';
import { startCaddy } from './caddy.ts';
import { precompress } from './precompress-plugin.ts';
import chromiumSettings from './chromium.json' with { type: 'json' };
import catalogue from '../sandbox/catalogue.json' with { type: 'json' };

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? '') : undefined;
};
const runs = Number(option('--runs') ?? 5);
const failOnBudget = !args.includes('--no-fail');
const reportDir = option('--report') === undefined ? undefined : resolve(option('--report'));
/** A LIST machine of sandbox/catalogue.json. */
const MACHINE_ID = '1001';
// The machine's page as its QR sticker opens it: with the code the sandbox operator bound to the sticker.
const MACHINE_QUERY = new URLSearchParams({ machine_id: MACHINE_ID, qr: catalogue.operator.qr_codes[MACHINE_ID] });
// Caddy's certificate is its own local CA's, which this browser does not know.
const CHROME_FLAGS = ['--headless=new', '--ignore-certificate-errors', ...chromiumSettings.args];
const BUDGETS = [
  { key: 'initialJsGzipKB', label: 'initial JS of /pay ≤ 140 KB gzip', holds: (value) => value <= 140 },
  { key: 'score', label: 'Lighthouse performance score ≥ 95', holds: (value) => value >= 95 },
  // design.md §9.2: a returning visitor's LCP at most 1.5 × the bare page's, aiming at 1.3 ×.
  { key: 'lcpRatio', label: 'LCP ≤ 1.5 × the bare React page', holds: (value) => value <= 1.5 },
  { key: 'tbtMs', label: 'total blocking time < 50 ms', holds: (value) => value < 50 },
  { key: 'cls', label: 'cumulative layout shift = 0', holds: (value) => value === 0 },
  {
    key: 'firstVisitWaitMs',
    label: "a first visit's product list ready when the splash ends",
    holds: (value) => value === 0,
  },
];

if (!Number.isInteger(runs) || runs < 1) fail('bench: --runs takes a whole number of runs, at least 1');

/** What to stop and delete on the way out, last started first. */
const cleanups = [];
let cleaning;
/** Once only: Ctrl-C during a run also makes the run itself fail and clean up. */
function cleanUp() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      try {
        await cleanups.pop()();
      } catch (error) {
        console.error(`bench: cleaning up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}
/** Synchronous fallbacks, for a crash that skips cleanUp(): kill what still runs, delete the builds. */
const lastResorts = [];
process.on('exit', () => lastResorts.forEach((lastResort) => lastResort()));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`bench: ${signal}, stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const log = (message) => console.error(`bench: ${message}`);

function temporaryDir(name) {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  cleanups.push(remove);
  lastResorts.push(remove);
  return dir;
}

/** Whether nobody listens on a port. */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => server.close(() => resolve(true)));
  });
}

/** The first of `count` ports in a row that nobody listens on, from a start the system picks. */
async function freePorts(count) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const first = await new Promise((resolve, reject) => {
      const server = createServer().listen(0, () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
      server.on('error', reject);
    });
    if (first + count > 65535) continue;
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, index) => isFree(first + 1 + index)));
    if (rest.every(Boolean)) return first;
  }
  throw new Error(`found no ${count} free ports in a row; set BENCH_PORT`);
}

/**
 * Stops a child on the way out: SIGTERM through `signal`, then SIGKILL after 5 s; SIGKILL at once as the last
 * resort of a crash. `signal` reaches the child alone or, for one in a process group of its own, the group.
 */
function stopOnExit(child, signal = (name) => child.kill(name)) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  lastResorts.push(() => running() && signal('SIGKILL'));
  cleanups.push(async () => {
    if (!running()) return;
    signal('SIGTERM');
    const killing = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(killing);
  });
}

/** Starts a child in a process group of its own, stopped (with whatever it started) on the way out. */
function startChild(command, args, env) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  stopOnExit(child, (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  });
  return { child, output: () => output };
}

/** Whether an https address answers 200 (Caddy's certificate is its local CA's, not checked here). */
function answers(url) {
  return new Promise((resolve) => {
    get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

/** Waits until `ready()` holds, failing with the child's output when it stops or takes too long. */
async function waitFor(what, { child, output }, ready, limitMs) {
  for (let waited = 0; waited < limitMs; waited += 250) {
    if (child.exitCode !== null) throw new Error(`${what} stopped:\n${output()}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${limitMs / 1000} s:\n${output()}`);
}

/** `npm run serve:prod` on ports from `port`, building into `distDir`; resolves with the app's origin. */
async function startProductionServer(distDir, port) {
  const origin = `https://localhost:${port}`;
  const server = startChild(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'serve-prod.ts')], {
    PORT: String(port),
    SERVE_PROD_DIST: distDir,
    // The page a production visitor's Chromium loads: no Apple Pay stand-in script. It stands in for Safari's
    // built-in ApplePaySession, and production's .env leaves it empty; in Lantern's simulation its request
    // would also take a share of the bandwidth the page's own code needs.
    VITE_APPLE_PAY_SDK_URL: '',
  });
  // It builds first; its banner names the address once Caddy answers there.
  await waitFor('npm run serve:prod', server, () => server.output().includes(`Production server`), 300_000);
  await waitFor('npm run serve:prod', server, () => answers(`${origin}/`), 30_000);
  return origin;
}

/** The same Caddyfile on the bare page's build. */
async function serveBare(distDir, port) {
  const origin = `https://localhost:${port}`;
  const caddy = { child: startCaddy({ port, siteRoot: distDir, stdio: 'ignore' }), output: () => '' };
  stopOnExit(caddy.child);
  await waitFor('Caddy for the bare page', caddy, () => answers(`${origin}/`), 60_000);
  return origin;
}

async function buildBare(outDir) {
  await build({
    root: join(repoRoot, 'scripts', 'bench', 'bare'),
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    // Compressed as the app's build is, for the same server to send alike.
    plugins: [precompress()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

/** The gzip size of every JS file of a build whose only entry is index.html (the bare page). */
function allJsGzipKB(distDir) {
  const assets = join(distDir, 'assets');
  const bytes = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Fails unless /pay with the splash cookie goes straight to the product list, never rendering the splash. */
async function checkSplashSkipped(browser, url) {
  const page = await browser.newPage();
  try {
    await page.evaluateOnNewDocument(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid^="splash-"]')) document.documentElement.dataset.benchSplash = 'seen';
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url);
    await page.waitForSelector('input[type="radio"], input[type="checkbox"]', { timeout: 20_000 });
    if (await page.$('html[data-bench-splash="seen"]')) throw new Error(`the splash showed on ${url} with splash=1`);
  } finally {
    await page.close();
  }
}

/** One Lighthouse run's figures, and what it fetched from elsewhere than the local servers (nothing, offline). */
async function measure(page, url) {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const remote = (lhr.audits['network-requests']?.details?.items ?? [])
    .map((item) => item.url)
    .filter((address) => !/^(?:https?:\/\/localhost[:/]|data:|blob:)/.test(address));
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(audit('speed-index')),
    lcpElement: lcpElement ? `${lcpElement.nodeLabel ?? ''} (${lcpElement.selector ?? lcpElement.snippet})` : 'none',
    remote,
    lcpPath: simulatedLcpPath(),
    report: result.report,
  };
}

/**
 * The nodes of the run's simulated LCP, in simulated time: Lighthouse's LCP is the mean of two simulations'
 * last node (an optimistic graph, and a pessimistic one that adds every layout), each holding the requests
 * that ended before the observed LCP and the CPU tasks Lantern counts as render-blocking (the document's
 * parse, the first layout and paint, classic scripts' evaluation; a module script's evaluation is not one).
 */
function simulatedLcpPath() {
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('pessimisticLargestContentfulPaint');
  if (!timings) return [];
  return [...timings.entries()]
    .sort(([, a], [, b]) => a.startTime - b.startTime || a.endTime - b.endTime)
    .map(([node, { startTime, endTime }]) => {
      const span = `${Math.round(startTime)}–${Math.round(endTime)} ms`;
      if (node.type !== 'network') return `${span}  CPU task (${Math.round(node.duration / 1000)} ms observed, ×4)`;
      const { url, transferSize, protocol } = node.request;
      return `${span}  ${url.replace(/\?.*/, '')} (${(transferSize / 1024).toFixed(1)} KB, ${protocol})`;
    });
}

/** The middle value (the mean of the two middle ones for an even count): one slow or lucky run moves it little. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const FIGURES = ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs'];
/** Each figure's median over the runs, and the run whose LCP is nearest that median (for its LCP element and report). */
function medians(results) {
  const figures = Object.fromEntries(FIGURES.map((key) => [key, median(results.map((run) => run[key]))]));
  const typical = [...results].sort((a, b) => Math.abs(a.lcpMs - figures.lcpMs) - Math.abs(b.lcpMs - figures.lcpMs))[0];
  return { ...figures, lcpElement: typical.lcpElement, lcpPath: typical.lcpPath, report: typical.report };
}

/**
 * A first-time visitor (no splash cookie) on Lighthouse's mobile budget, applied rather than simulated (4× slower
 * CPU, puppeteer's "Slow 4G": Lighthouse's 150 ms RTT × 3.75 for applied throttling): when, from navigation start,
 * the splash leaves and the product list is in the page. The list should be ready when the splash ends.
 */
async function measureFirstVisit(browser, url) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.emulateCPUThrottling(4);
    await page.emulateNetworkConditions(PredefinedNetworkConditions['Slow 4G']);
    await page.evaluateOnNewDocument(() => {
      const marks = {};
      window.benchFirstVisit = marks;
      new MutationObserver(() => {
        const now = Math.round(performance.now());
        if (document.querySelector('[data-testid^="splash-"]')) marks.splashSeenMs ??= now;
        else if (marks.splashSeenMs !== undefined) marks.splashEndMs ??= now;
        if (document.querySelector('input[type="radio"], input[type="checkbox"]')) marks.listReadyMs ??= now;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url);
    await page.waitForFunction(
      () => window.benchFirstVisit.splashEndMs !== undefined && window.benchFirstVisit.listReadyMs !== undefined,
      { timeout: 60_000 },
    );
    const { splashEndMs, listReadyMs } = await page.evaluate(() => window.benchFirstVisit);
    return { splashEndMs, listReadyMs, waitMs: Math.max(0, listReadyMs - splashEndMs) };
  } finally {
    await context.close();
  }
}

function printTable(pay, bare, payRuns, bareRuns, firstVisits, sizes, figures) {
  const rows = [
    ['', `/pay?machine_id=${MACHINE_ID}`, 'bare React 19', 'budget'],
    ['initial JS, KB gzip', sizes.pay.toFixed(1), sizes.bare.toFixed(1), '≤ 140'],
    ['+ preloaded route, KB', sizes.beforeInteractive.toFixed(1), sizes.bare.toFixed(1), ''],
    ['performance score', pay.score, bare.score, '≥ 95'],
    ['FCP, ms', pay.fcpMs, bare.fcpMs, ''],
    ['LCP, ms', pay.lcpMs, bare.lcpMs, `≤ 1.5 × bare, aim 1.3 (${figures.lcpRatio})`],
    ['TBT, ms', pay.tbtMs, bare.tbtMs, '< 50'],
    ['CLS', pay.cls, bare.cls, '= 0'],
    ['speed index, ms', pay.speedIndexMs, bare.speedIndexMs, ''],
  ].map((row) => row.map(String));
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log(`\nMedians of ${runs} Lighthouse mobile runs each:`);
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column])).join('  ')}`);
  const list = (results) => results.map((run) => `${run.score}/${run.lcpMs}/${run.tbtMs}/${run.cls}`).join('  ');
  console.log(`  every run (score/LCP/TBT/CLS): /pay ${list(payRuns)};  bare ${list(bareRuns)}`);
  console.log(`  LCP element of /pay: ${pay.lcpElement}`);
  for (const [name, { lcpPath }] of [
    ['/pay', pay],
    ['the bare page', bare],
  ])
    console.log(`  simulated LCP path of ${name}'s median run:\n${lcpPath.map((line) => `    ${line}`).join('\n')}`);
  const visits = firstVisits.map((visit) => `${visit.splashEndMs}/${visit.listReadyMs}`).join('  ');
  console.log(`  first visit (no splash cookie), splash gone / list in the page, ms: ${visits}`);
}

async function main() {
  process.chdir(repoRoot);
  const appDir = temporaryDir('app');
  const bareDir = temporaryDir('bare');
  log('building the bare React page');
  await buildBare(bareDir);
  const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePorts(5);
  if (!Number.isInteger(basePort) || basePort < 1 || basePort > 65530)
    throw new Error(`BENCH_PORT must be a port number with the next four free too, not "${process.env.BENCH_PORT}"`);
  log('building the app and starting the production server (npm run serve:prod)');
  const origin = await startProductionServer(appDir, basePort);
  const bareUrl = `${await serveBare(bareDir, basePort + 4)}/`;
  const { figures: payJs } = measureInitialJs(appDir);
  const sizes = {
    pay: payJs.initialJsGzipKB,
    beforeInteractive: payJs.beforeInteractiveGzipKB,
    bare: allJsGzipKB(bareDir),
  };
  const payUrl = `${origin}/pay?${MACHINE_QUERY.toString()}`;

  const chromePath = process.env.CHROME_PATH ?? chromiumSettings.defaultPath;
  if (!existsSync(chromePath)) throw new Error(`no browser at ${chromePath}; set CHROME_PATH to Chromium or Chrome`);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    // Its own Ctrl-C handler would exit before the servers and the builds are cleaned up.
    handleSIGINT: false,
  });
  let chromeRunning = true;
  lastResorts.push(() => chromeRunning && process.kill(chrome.pid, 'SIGKILL'));
  cleanups.push(async () => {
    await chrome.kill();
    chromeRunning = false;
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  cleanups.push(() => browser.disconnect());
  // A returning visitor: Lighthouse clears the cache and origin storage before each run, but not cookies.
  await browser.setCookie({ name: 'splash', value: '1', domain: 'localhost', path: '/' });
  await checkSplashSkipped(browser, payUrl);

  const page = await browser.newPage();
  const payRuns = [];
  const bareRuns = [];
  for (let run = 1; run <= runs; run += 1) {
    log(`Lighthouse run ${run} of ${runs}: /pay, then the bare page`);
    payRuns.push(await measure(page, payUrl));
    bareRuns.push(await measure(page, bareUrl));
  }
  const remote = [...new Set([...payRuns, ...bareRuns].flatMap((run) => run.remote))];
  if (remote.length > 0) throw new Error(`the pages fetched from outside this machine: ${remote.join(', ')}`);

  const firstVisits = [];
  for (let run = 1; run <= runs; run += 1) {
    log(`first visit ${run} of ${runs}`);
    firstVisits.push(await measureFirstVisit(browser, payUrl));
  }

  const pay = medians(payRuns);
  const bare = medians(bareRuns);
  const figures = {
    initialJsGzipKB: sizes.pay,
    // With the /pay route's chunks, which the early script preloads: all the JS before the list is interactive.
    beforeInteractiveGzipKB: sizes.beforeInteractive,
    score: pay.score,
    lcpMs: pay.lcpMs,
    bareLcpMs: bare.lcpMs,
    lcpRatio: Math.round((pay.lcpMs / bare.lcpMs) * 100) / 100,
    tbtMs: pay.tbtMs,
    cls: pay.cls,
    speedIndexMs: pay.speedIndexMs,
    firstVisitSplashEndMs: median(firstVisits.map((visit) => visit.splashEndMs)),
    firstVisitListReadyMs: median(firstVisits.map((visit) => visit.listReadyMs)),
    firstVisitWaitMs: median(firstVisits.map((visit) => visit.waitMs)),
    runs,
  };
  printTable(pay, bare, payRuns, bareRuns, firstVisits, sizes, figures);
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, 'pay.json'), pay.report);
    writeFileSync(join(reportDir, 'bare.json'), bare.report);
    console.log(`  Lighthouse reports of the median runs: ${reportDir}/pay.json, bare.json`);
  }
  const broken = BUDGETS.filter(({ key, holds }) => !holds(figures[key]));
  for (const { key, label } of broken) console.log(`  BUDGET BROKEN: ${label} (${key} = ${figures[key]})`);
  if (broken.length > 0 && failOnBudget) console.log('  bench fails: budgets broken (--no-fail only reports them)');
  console.log(JSON.stringify(figures));
  return broken.length > 0 && failOnBudget ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`bench: failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
