import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { staticChunks } from './chunk-graph.ts';

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html's module preloads as module scripts, each where its link was: after the entry's own script.
 * The browser fetches them as early and at the same priority; their code runs as before, as the entry's
 * imports (the entry comes first in the document, and a module runs once: the later scripts find theirs
 * already run).
 */
export function preloadsAsScripts(html: string): string {
  return html.replace(
    MODULE_PRELOAD,
    (_link, href: string) => `<script type="module" crossorigin src="${href}"></script>`,
  );
}

/** The entry chunks and every chunk they import statically, recursively: the files index.html loads. */
export function startUpFiles(bundle: OutputBundle): Set<string> {
  const entries = Object.values(bundle).filter((output) => output.type === 'chunk' && output.isEntry);
  return staticChunks(
    bundle,
    entries.map((entry) => entry.fileName),
  );
}

/**
 * index.html loads its start-up chunks by module scripts, not `<link rel=modulepreload>`. Chrome reports a
 * module preload's request as started by a script (initiator `script`, `about:client`), so Lighthouse's
 * simulation (Lantern) took the start-up code for something the first paint does not wait for: it put the
 * page's optimistic first paint at the blank frame after the HTML, and counted the document's own task and
 * the chunks' arrival as blocking time after it, though nothing can be painted before that code has run
 * (docs/performance.md). A script of the document is the parser's request, as it is for the bare React page.
 *
 * `loadsAtStart` tells Vite's preload lists (build.modulePreload.resolveDependencies) which chunks a lazily
 * loaded view never needs to preload: its loader looks for a `<link>` of each, finds none, and would add one
 * for a module the page has already run (Firefox fires an error event on it). Known from the start of
 * generateBundle (order 'pre'), before Vite's import analysis asks for the lists.
 */
export function startUpScripts(): { plugin: Plugin; loadsAtStart: (fileName: string) => boolean } {
  let files = new Set<string>();
  return {
    plugin: {
      name: 'start-up-scripts',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          files = startUpFiles(bundle);
        },
      },
      transformIndexHtml: { order: 'post', handler: preloadsAsScripts },
    },
    loadsAtStart: (fileName) => files.has(fileName),
  };
}
