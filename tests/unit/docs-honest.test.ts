/**
 * The docs stay true to the tree in the ways that rot silently: a path a doc names in backticks or links
 * to exists, a doc points at code by a name rather than by a line number, and no file cites a numbered
 * issue of a tracker a clone does not have (a comment says the reason itself, or the rule of design.md or
 * requirements.md it keeps).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** The folders of source, tests and docs; build output, reports and node_modules are not among them. */
const SOURCE_FOLDERS = [
  '.ci',
  'contract',
  'deploy',
  'docs',
  'locales',
  'machines',
  'public',
  'sandbox',
  'scripts',
  'src',
  'tests',
];

const filesUnder = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((path) => posix.join(folder, path))
    .filter((path) => statSync(join(ROOT, path)).isFile());
const rootFiles = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name !== 'package-lock.json')
  .map((entry) => entry.name);
const repoFiles = [...rootFiles, ...SOURCE_FOLDERS.flatMap(filesUnder)];
const repoPaths = new Set(
  repoFiles.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
);

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|yaml|yml|css|html|py|sh|txt)$|(^|\/)[^./]+$/;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const docs = repoFiles.filter((path) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md')));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A placeholder (`<flow>`), a glob (`*`, `**/`) or a choice (`{unit,paths}`) in a doc's path stands for names.
function pathPattern(path: string): RegExp {
  const source = path
    .split(/(<[^>]+>|\*\*\/|\*|\{[^}]*\})/)
    .map((part) => {
      if (part.startsWith('<')) return '[^/]+';
      if (part === '**/') return '(?:[^/]+/)*';
      if (part === '*') return '[^/]*';
      if (part.startsWith('{')) return `(?:${part.slice(1, -1).split(',').map(escapeRegExp).join('|')})`;
      return escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const existsInRepo = (path: string) => {
  const bare = path.replace(/\/$/, '');
  if (!/[<*{]/.test(bare)) return repoPaths.has(bare);
  const pattern = pathPattern(bare);
  return [...repoPaths].some((candidate) => pattern.test(candidate));
};

/** Every `folder/…` in backticks whose first folder is one of the repo's. */
function backtickedPaths(text: string): string[] {
  const folders = SOURCE_FOLDERS.map(escapeRegExp).join('|');
  return [...text.matchAll(new RegExp(`\`((?:${folders})/[^\\s\`:#]*)\``, 'g'))].map((match) => match[1] ?? '');
}

/** Relative Markdown link targets, without their anchors. */
function linkedPaths(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
}

describe('the docs name what exists', () => {
  it.each(docs)('%s: every repo path in backticks exists', (doc) => {
    const missing = backtickedPaths(read(doc)).filter((path) => !existsInRepo(path));
    expect(missing).toEqual([]);
  });

  it.each(docs)('%s: every relative link leads to a file', (doc) => {
    const missing = linkedPaths(read(doc)).filter((target) => !existsInRepo(posix.join(dirname(doc), target)));
    expect(missing).toEqual([]);
  });

  it.each(docs)('%s: code is cited by a name, not by a line number that moves', (doc) => {
    expect(read(doc).match(/[\w./-]+\.(?:ts|tsx|js|mjs):\d+/g) ?? []).toEqual([]);
  });
});

it('no file cites a numbered issue of a tracker the clone does not have', () => {
  const citing = repoFiles
    .filter((path) => TEXT_FILE.test(path))
    .filter((path) => /\bissues? ?#?\d+/i.test(read(path)));
  expect(citing).toEqual([]);
});
