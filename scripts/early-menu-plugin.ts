import { fileURLToPath } from 'node:url';
import type { OutputChunk } from 'rolldown';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { staticChunks } from './chunk-graph.ts';

const SCRIPT = fileURLToPath(new URL('../src/early-menu.ts', import.meta.url));

/** src/early-menu.ts as one minified classic script, in the build's mode (its VITE_API_BASE_URL). */
async function buildScript(config: ResolvedConfig, payRouteChunks: string[]): Promise<string> {
  const result = await build({
    configFile: false,
    root: config.root,
    base: config.base,
    mode: config.mode,
    envDir: config.envDir,
    publicDir: false,
    logLevel: 'warn',
    define: { PAY_ROUTE_CHUNKS: JSON.stringify(payRouteChunks) },
    build: {
      write: false,
      target: config.build.target,
      modulePreload: false,
      rolldownOptions: { input: SCRIPT, output: { format: 'iife' } },
    },
  });
  const output = Array.isArray(result) ? result[0] : result;
  const chunk = output && 'output' in output ? output.output[0] : undefined;
  if (chunk?.type !== 'chunk') throw new Error(`${SCRIPT} built to no script`);
  return chunk.code.trim();
}

/**
 * Puts src/early-menu.ts into index.html as an inline classic script, so /pay's menu request and the
 * preloads of its route's chunks start with the first bytes of HTML. `routeModule` is the /pay route's
 * code-split component; the script preloads its chunk and the chunks those import that index.html does not
 * load already. The Content-Security-Policy (scripts/csp-plugin.ts) allows the script by its hash.
 */
export function earlyMenuScript(routeModule: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'early-menu-script',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      // After the bundle is written: the chunks' names are known.
      order: 'post',
      async handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) throw new Error('early-menu-script: index.html is transformed without its bundle');
        const route = Object.values(bundle).find(
          (output): output is OutputChunk => output.type === 'chunk' && output.facadeModuleId === routeModule,
        );
        if (!route) throw new Error(`early-menu-script: no chunk for ${routeModule}`);
        const loaded = staticChunks(bundle, [entry.fileName]);
        const preloads = [...staticChunks(bundle, [route.fileName])].filter((file) => !loaded.has(file));
        const code = await buildScript(
          config,
          preloads.map((file) => config.base + file),
        );
        // Right after the character set, which must stay within the page's first 1024 bytes (HTML's
        // "prescan": html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding),
        // and still before every other tag: a classic script runs as soon as it is parsed.
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('early-menu-script: index.html has no <meta charset>');
        return html.replace(charset, (tag) => `${tag}<script>${code}</script>`);
      },
    },
  };
}
