#!/usr/bin/env node
// Checks what `npm start` and `npm test` need on this machine, installs the npm packages when they
// are missing or stale, and says plainly what is missing otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import chromiumSettings from './chromium.json' with { type: 'json' };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantsBrowser = process.argv.includes('--browser');
const problems = [];

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  problems.push(`Node.js ${process.versions.node} is too old: install Node.js 20.19 or newer.`);
}

const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('Installing npm packages (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) problems.push('`npm ci` failed: see the output above.');
}

if (wantsBrowser) {
  // The browser tests run Debian's headless shell; the production server suite and the bench, its full Chromium.
  const browsers = [
    ['chromium', process.env.CHROME_PATH || chromiumSettings.defaultPath, 'CHROME_PATH'],
    ['chromium-headless-shell', process.env.E2E_CHROME_PATH || chromiumSettings.headlessShellPath, 'E2E_CHROME_PATH'],
  ];
  for (const [pkg, path, variable] of browsers) {
    try {
      execFileSync(path, ['--version'], { stdio: 'ignore' });
    } catch {
      problems.push(
        `The browser tests need ${pkg} at ${path}. Install it with\n    sudo apt-get update && sudo apt-get install -y ${pkg}\n  or point ${variable} at a Chromium binary.`,
      );
    }
  }
}

if (wantsBrowser) {
  // The engine smoke tests (tests/engines): Firefox ESR and WebKitGTK from Debian's packages, under Xvfb.
  const missing = [];
  const firefox = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
  if (!existsSync(firefox)) missing.push(['firefox-esr', `Firefox ESR at ${firefox} (or set FIREFOX_PATH)`]);
  const webkitDriver = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
  if (!existsSync(webkitDriver))
    missing.push(['webkit2gtk-driver', `WebKitWebDriver at ${webkitDriver} (or set WEBKIT_DRIVER_PATH)`]);
  if (spawnSync('sh', ['-c', 'command -v xvfb-run && command -v xauth'], { stdio: 'ignore' }).status !== 0)
    missing.push(['xvfb xauth', 'xvfb-run and xauth (WebKitGTK needs an X display)']);
  // tests/engines/webkit-browser.py: the toolbar-less WebKitGTK window WebKitWebDriver starts.
  const gi = spawnSync(
    '/usr/bin/python3',
    [
      '-c',
      "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1'); from gi.repository import Gtk, WebKit2",
    ],
    { stdio: 'ignore' },
  );
  if (gi.status !== 0)
    missing.push([
      'python3-gi gir1.2-webkit2-4.1',
      "Python's GObject bindings of WebKitGTK (/usr/bin/python3, gi, WebKit2 4.1)",
    ]);
  if (missing.length > 0)
    problems.push(
      `The engine smoke tests (npm run test:engines) need:\n${missing.map(([, what]) => `      ${what}`).join('\n')}\n  Install them with\n    sudo apt-get update && sudo apt-get install -y ${missing.map(([name]) => name).join(' ')}`,
    );
}

if (wantsBrowser) {
  // The production server suite (npm run test:prod): Debian's Caddy.
  const caddy = process.env.CADDY || 'caddy';
  if (spawnSync(caddy, ['version'], { stdio: 'ignore' }).error)
    problems.push(
      `The production server suite (npm run test:prod) needs Caddy 2.6 or newer (${caddy}, or set CADDY).\n  Install it with\n    sudo apt-get update && sudo apt-get install -y caddy`,
    );
}

if (problems.length > 0) {
  console.error(`\nCannot continue:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
  process.exit(1);
}
