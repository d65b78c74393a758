import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136): compile every function of the file eagerly. */
const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks a page runs while it starts (the entry and the chunks named) for eager compilation.
 * V8 otherwise compiles each function on the main thread the first time it is called, and at start-up
 * nearly all of them are; with the hint it compiles them on a background thread while the file streams
 * in. Browsers without the hint read an ordinary comment. In generateBundle, after minification (which
 * would drop the comment), and ordered 'post', after Vite has written its preload map on the chunk's first
 * line (V8 reads the hint only there).
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle))
          if (output.type === 'chunk' && (output.isEntry || chunkNames.includes(output.name)))
            output.code = ALL_FUNCTIONS_CALLED_ON_LOAD + output.code;
      },
    },
  };
}
