/**
 * The build marks the chunks a page runs at start-up for V8's eager compilation: the magic comment
 * `//# allFunctionsCalledOnLoad` as the file's first line (https://v8.dev/blog/explicit-compile-hints),
 * and only there, so that the code loaded on demand keeps V8's lazy compilation.
 */
import type { OutputBundle, OutputChunk, OutputAsset } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { compileHints } from '../../scripts/compile-hints-plugin';

const chunk = (name: string, isEntry = false) =>
  ({ type: 'chunk', name, isEntry, code: `export const ${name.replace('-', '_')} = 1;` }) as OutputChunk;

function buildWith(names: readonly string[], bundle: Record<string, OutputChunk | OutputAsset>) {
  const plugin = compileHints(names);
  const hook = plugin.generateBundle;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('the plugin has no generateBundle hook');
  Reflect.apply(handler, {}, [{}, bundle as OutputBundle, false]);
  return bundle;
}

describe('compile hints', () => {
  it('puts the hint on the first line of the entry and of the chunks named, and nowhere else', () => {
    const bundle = buildWith(['react-dom', 'pay'], {
      'index.js': chunk('index', true),
      'react-dom.js': chunk('react-dom'),
      'pay.js': chunk('pay'),
      'Drawer.js': chunk('Drawer'),
      'style.css': { type: 'asset', names: ['style.css'], source: 'a{}' } as OutputAsset,
    });
    const code = (file: string) => (bundle[file] as OutputChunk).code;
    expect(code('index.js')).toBe('//# allFunctionsCalledOnLoad\nexport const index = 1;');
    expect(code('react-dom.js')).toBe('//# allFunctionsCalledOnLoad\nexport const react_dom = 1;');
    expect(code('pay.js')).toBe('//# allFunctionsCalledOnLoad\nexport const pay = 1;');
    expect(code('Drawer.js')).toBe('export const Drawer = 1;');
    expect((bundle['style.css'] as OutputAsset).source).toBe('a{}');
  });

  it("runs after Vite's own generateBundle, which writes its preload map on a chunk's first line", () => {
    const hook = compileHints([]).generateBundle;
    expect(typeof hook === 'object' && hook.order).toBe('post');
  });
});
