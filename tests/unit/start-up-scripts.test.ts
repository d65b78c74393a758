/**
 * index.html loads the chunks every page starts with by module scripts, each once and after the entry's
 * own script, and no lazily loaded view's preload list names one of them again (Vite's loader would add a
 * `<link rel=modulepreload>` for a module the page has already run: Firefox fires an error event on it).
 * Why scripts and not module preloads: scripts/start-up-scripts-plugin.ts and docs/performance.md.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadsAsScripts, startUpFiles } from '../../scripts/start-up-scripts-plugin';
import { productionBuild, type Built } from './production-build';
import { attributeValues } from '../fixtures/html';

const chunk = (fileName: string, imports: string[], dynamicImports: string[] = [], isEntry = false) =>
  ({ type: 'chunk', fileName, imports, dynamicImports, isEntry }) as unknown as OutputChunk;

describe('start-up scripts', () => {
  it('turns each module preload into a module script where it stood, and nothing else', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor.js">\n' +
      '<link rel="icon" href="/favicon.svg">\n' +
      '<link rel="modulepreload" crossorigin href="/assets/app.js">';
    expect(preloadsAsScripts(html)).toBe(
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
        '<script type="module" crossorigin src="/assets/vendor.js"></script>\n' +
        '<link rel="icon" href="/favicon.svg">\n' +
        '<script type="module" crossorigin src="/assets/app.js"></script>',
    );
  });

  it('counts the entry and what it imports statically, at any depth, and not what it imports on demand', () => {
    const bundle = {
      'index.js': chunk('index.js', ['app.js', 'vendor.js'], ['pay.js'], true),
      'app.js': chunk('app.js', ['index.js', 'vendor.js']),
      'vendor.js': chunk('vendor.js', ['runtime.js']),
      'runtime.js': chunk('runtime.js', []),
      'pay.js': chunk('pay.js', ['vendor.js', 'pay-vendor.js']),
      'pay-vendor.js': chunk('pay-vendor.js', []),
      'style.css': { type: 'asset', fileName: 'style.css', source: 'a{}' },
    } as unknown as OutputBundle;
    expect([...startUpFiles(bundle)].sort()).toEqual(['app.js', 'index.js', 'runtime.js', 'vendor.js']);
  });
});

describe('the production build', () => {
  let built: Built;
  beforeAll(async () => {
    built = await productionBuild();
  }, 120_000);

  it('loads the start-up chunks by module scripts, the entry first, and preloads none of them again', () => {
    const { html, files } = built;
    const scripts = attributeValues(html, /<script type="module" crossorigin src="([^"]+)"/g);
    expect(html).not.toContain('rel="modulepreload"');
    expect(scripts[0], 'the entry first').toMatch(/^\/assets\/index-[\w-]{8}\.js$/);
    // The libraries, React DOM and the app's shared code (vite.config.ts's start-up chunks) and the bundler's
    // runtime, by their names (a file's name ends in an 8-character hash).
    expect(scripts.map((src) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(src ?? '')?.[1]).sort()).toEqual([
      'app',
      'index',
      'react-dom',
      'rolldown-runtime',
      'vendor',
    ]);
    // Vite's preload map, on the first line of each chunk with a dynamic import: `m.f=["assets/….js",…]`.
    const preloaded = [...files]
      .filter(([path]) => path.endsWith('.js'))
      .flatMap(([, text]) =>
        [...text.matchAll(/m\.f=\[([^\]]*)\]/g)].flatMap((list) => attributeValues(list[1] ?? '', /"([^"]+)"/g)),
      );
    expect(preloaded.length, 'the lazily loaded views have preload lists').toBeGreaterThan(0);
    expect(preloaded.filter((file) => scripts.includes(`/${file}`))).toEqual([]);
  });
});
