// `npm run test:scripts` (part of npm test, after the build): the payment pages' script inventory
// (security/payment-page-scripts.json, PCI DSS 6.4.3) against the build in dist/ and the production settings.
// Every script the build can load must be listed: each entry and lazily loaded chunk of the build manifest
// (by its source, not its hashed name), each other .js file, each inline script, each <script src> of its
// pages; every script host script-src allows must be a listed provider script, and each listed one must be
// allowed by the production policy. Names what is unlisted or stale, and exits 1.
// Usage: tsx scripts/check-script-inventory.ts [--dist DIR]   (DIR defaults to the repo's dist/)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { serverHeadersOfBuild } from '../deploy/server-headers';
import { cspDirectives, inlineScriptsOf, type CspSettings } from './csp-plugin';
import { originOf, PROVIDERS } from './providers';

interface Listed {
  id: string;
}
export interface ScriptInventory {
  own: (Listed & { sources: string[]; loads?: string[]; whenConfigured?: string })[];
  public: (Listed & { file: string })[];
  inline: (Listed & { marker: string })[];
  thirdParty: (Listed & { setting: string; production: string; loadedBy: string })[];
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const INVENTORY_FILE = 'security/payment-page-scripts.json';

/** A source pattern of the inventory ('src/routes/*') as a test of a manifest key. */
const matcher = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** The host sources among a directive's sources: neither keywords ('self') nor hashes. */
const hostSources = (sources: readonly string[] = []) => sources.filter((source) => /^https?:/.test(source));

/** The sources of a policy's script-src. */
const scriptSourcesOf = (policy: string) => /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1]?.split(/\s+/) ?? [];

/** What the build in `distDir` can load that the inventory does not list, and what the inventory lists in vain. */
export function buildProblems(distDir: string, inventory: ScriptInventory): string[] {
  const problems: string[] = [];
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const scripts = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));

  // Chunks the page can ask for itself: the entry and every import() — each listed by its source.
  const covered = new Set<string>();
  const matched = new Set<string>();
  for (const [key, chunk] of scripts) {
    if (!chunk.isEntry && !chunk.isDynamicEntry) continue;
    const entry = inventory.own.find(({ sources }) => sources.some((source) => matcher(source).test(key)));
    if (!entry) problems.push(`${chunk.file} (from ${key}) is not in ${INVENTORY_FILE}: list it under "own"`);
    else {
      covered.add(key);
      matched.add(entry.id);
    }
  }
  // Shared chunks only ever come with a chunk that imports them.
  const reach = (key: string) => {
    for (const next of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])])
      if (!covered.has(next)) {
        covered.add(next);
        reach(next);
      }
  };
  for (const key of [...covered]) reach(key);
  for (const [key, chunk] of scripts)
    if (!covered.has(key)) problems.push(`${chunk.file} (${key}) is imported by no listed chunk`);
  for (const { id, whenConfigured } of inventory.own)
    if (!matched.has(id) && !whenConfigured)
      problems.push(`"${id}" in ${INVENTORY_FILE} matches nothing the build has`);

  // Every other script file of the build (public/, or anything put into dist/ by hand).
  const chunkFiles = new Set(scripts.map(([, chunk]) => chunk.file));
  const publicFiles = new Set(inventory.public.map(({ file }) => file));
  const jsFiles = filesUnder(distDir)
    .map((file) => relative(distDir, file).split('\\').join('/'))
    .filter((file) => file.endsWith('.js'));
  for (const file of jsFiles)
    if (!chunkFiles.has(file) && !publicFiles.has(file))
      problems.push(`${file} is a script in the build that ${INVENTORY_FILE} does not list`);
  for (const file of publicFiles)
    if (!jsFiles.includes(file)) problems.push(`"${file}" in ${INVENTORY_FILE} is not in the build`);

  // The providers' scripts: production's hosts, or the sandbox's stand-ins' origin (dist/sandbox.json).
  const sandboxFile = join(distDir, 'sandbox.json');
  const standIns = existsSync(sandboxFile)
    ? (JSON.parse(readFileSync(sandboxFile, 'utf8')) as { providersOrigin?: string }).providersOrigin
    : undefined;
  const providerOrigins = new Set([...inventory.thirdParty.map(({ production }) => originOf(production)), standIns]);
  const policy = serverHeadersOfBuild(distDir)?.['Content-Security-Policy'];
  if (!policy) problems.push(`${distDir} has no server-headers.json to read the policy of`);
  for (const host of hostSources(scriptSourcesOf(policy ?? '')))
    if (!providerOrigins.has(host))
      problems.push(`script-src allows ${host}, which no provider script in ${INVENTORY_FILE} comes from`);

  // The pages' own <script> elements: inline ones by their marker, the others by their address.
  const seenMarkers = new Set<string>();
  for (const page of readdirSync(distDir).filter((file) => file.endsWith('.html'))) {
    const html = readFileSync(join(distDir, page), 'utf8');
    for (const code of inlineScriptsOf(html)) {
      const entry = inventory.inline.find(({ marker }) => code.includes(marker));
      if (entry) seenMarkers.add(entry.id);
      else problems.push(`${page} has an inline script not in ${INVENTORY_FILE}: ${code.slice(0, 80)}`);
    }
    for (const [, src = ''] of html.matchAll(/<script\b[^>]*\ssrc="([^"]*)"/g)) {
      const file = src.replace(/^\//, '');
      const origin = originOf(src);
      if (origin ? !providerOrigins.has(origin) : !chunkFiles.has(file) && !publicFiles.has(file))
        problems.push(`${page} loads ${src}, which ${INVENTORY_FILE} does not list`);
    }
  }
  for (const { id } of inventory.inline)
    if (!seenMarkers.has(id)) problems.push(`inline script "${id}" in ${INVENTORY_FILE} is in no page of the build`);
  return problems;
}

/** Where the inventory's provider scripts disagree with the provider table and the production settings (.env). */
export function productionProblems(inventory: ScriptInventory, production: CspSettings): string[] {
  const problems: string[] = [];
  const listed = new Map(inventory.thirdParty.map((entry) => [entry.setting, entry]));
  const scriptSettings = PROVIDERS.flatMap(({ scripts }) => scripts);
  for (const setting of scriptSettings)
    if (!listed.has(setting)) problems.push(`the provider script setting ${setting} is not in ${INVENTORY_FILE}`);
  for (const { id, setting, production: url, loadedBy } of inventory.thirdParty) {
    if (!scriptSettings.includes(setting))
      problems.push(`"${id}" in ${INVENTORY_FILE} names ${setting}, which no provider in scripts/providers.ts loads`);
    if ((production[setting] ?? '') !== url)
      problems.push(
        `"${id}": ${INVENTORY_FILE} says ${url || 'nothing'}, .env's ${setting} is ${production[setting] || 'empty'}`,
      );
    if (!existsSync(join(repoRoot, loadedBy.split(' ')[0] ?? '')))
      problems.push(`"${id}" is loaded by ${loadedBy}, which does not exist`);
  }
  const ownIds = new Set(inventory.thirdParty.map(({ id }) => id));
  for (const { id, loads = [] } of inventory.own)
    for (const loaded of loads.filter((name) => !ownIds.has(name)))
      problems.push(`"${id}" loads "${loaded}", which ${INVENTORY_FILE} does not list`);
  const allowed = new Set(hostSources(cspDirectives(production)['script-src']));
  const inventoried = new Set(inventory.thirdParty.map(({ production: url }) => originOf(url)).filter(Boolean));
  for (const host of allowed)
    if (!inventoried.has(host))
      problems.push(`production script-src allows ${host}, which ${INVENTORY_FILE} does not list`);
  for (const host of inventoried)
    if (host && !allowed.has(host))
      problems.push(`${INVENTORY_FILE} lists ${host}, which production script-src does not allow`);
  return problems;
}

function main(args: string[]) {
  const distArgument = args.indexOf('--dist');
  const distDir = distArgument >= 0 ? resolve(args[distArgument + 1] ?? '') : join(repoRoot, 'dist');
  const inventory = JSON.parse(readFileSync(join(repoRoot, INVENTORY_FILE), 'utf8')) as ScriptInventory;
  const problems = [
    ...buildProblems(distDir, inventory),
    ...productionProblems(inventory, loadEnv('production', repoRoot, ['VITE_', 'CSP_'])),
  ];
  if (problems.length > 0) {
    console.error(
      `Payment page scripts: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} (PCI DSS 6.4.3; add a script ` +
        `to ${INVENTORY_FILE} only after review, docs/serving.md "Payment page scripts"):\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
    process.exit(1);
  }
  console.log(
    `Payment page scripts: the build in ${relative(process.cwd(), distDir) || '.'} loads only what ${INVENTORY_FILE} lists.`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
