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
  const chromium = process.env.CHROME_PATH || chromiumSettings.defaultPath;
  try {
    execFileSync(chromium, ['--version'], { stdio: 'ignore' });
  } catch {
    problems.push(
      `The browser tests need Chromium at ${chromium}. Install it with\n    sudo apt-get update && sudo apt-get install -y chromium\n  or point CHROME_PATH at a Chromium or Chrome binary.`,
    );
  }
}

if (problems.length > 0) {
  console.error(`\nCannot continue:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
  process.exit(1);
}
