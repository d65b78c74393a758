/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import type { ChunkingContext, CodeSplittingNameFunction } from 'rolldown';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { inlineStylesheet } from './scripts/inline-stylesheet';
import { cspPlugin } from './scripts/csp-plugin.ts';
import { earlyMenuScript } from './scripts/early-menu-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { compileHints } from './scripts/compile-hints-plugin.ts';
import { paymentMarks } from './scripts/payment-marks-plugin.ts';
import { moneyPatterns } from './scripts/money-patterns-plugin.ts';
import { startUpScripts } from './scripts/start-up-scripts-plugin.ts';

/**
 * Apple Pay is detected when /pay starts. Safari has it built in; where a build names a script for
 * it (the sandbox's stand-in), the page loads that script first — deferred, so it never blocks rendering.
 */
function applePayScript(url: string | undefined): Plugin {
  return {
    name: 'apple-pay-script',
    transformIndexHtml: () =>
      url ? [{ tag: 'script', attrs: { src: url, defer: true }, injectTo: 'head-prepend' }] : [],
  };
}

/**
 * A sandbox build names where its provider stand-ins live and, when it has one of its own, the operator's
 * API (.env.sandbox); the sandbox server reads them back from dist/sandbox.json, so a server always serves
 * them where the build it serves looks.
 */
function sandboxManifest({ SANDBOX_PROVIDERS_ORIGIN, SANDBOX_API_ORIGIN }: Record<string, string | undefined>): Plugin {
  return {
    name: 'sandbox-manifest',
    apply: 'build',
    generateBundle() {
      if (!SANDBOX_PROVIDERS_ORIGIN) return;
      const origins = { providersOrigin: SANDBOX_PROVIDERS_ORIGIN, apiOrigin: SANDBOX_API_ORIGIN || undefined };
      this.emitFile({ type: 'asset', fileName: 'sandbox.json', source: JSON.stringify(origins) });
    },
  };
}

const startUp = startUpScripts();
/** package.json's browserslist as build targets ('chrome100', 'safari15.4', …). */
const floorTargets = browserslistToEsbuild();

/** The /pay route's component, as TanStack Router's code splitting names it. */
const PAY_ROUTE_COMPONENT = `${fileURLToPath(new URL('src/routes/pay.tsx', import.meta.url))}?tsr-split=component`;

/**
 * The chunks every start of /pay runs: the entry's three (React DOM, the other libraries, the app's start-up
 * code) and the /pay route's two (its libraries, its charts and views). Each carries V8's compile hint.
 */
const START_UP_CHUNKS = {
  reactDom: 'react-dom',
  vendor: 'vendor',
  app: 'app',
  payVendor: 'pay-vendor',
  pay: 'pay',
} as const;

/**
 * Puts everything the /pay route component imports statically into two chunks, its libraries and its
 * own code, so /pay fetches them in one round trip instead of two dozen small files. What it imports on
 * demand (the drawer, payment steps, other flows) keeps the bundler's automatic chunks.
 */
function payRouteChunks(): CodeSplittingNameFunction {
  let payRouteModules: Set<string> | undefined;
  return (id, ctx) => {
    payRouteModules ??= staticClosure(PAY_ROUTE_COMPONENT, ctx);
    if (!payRouteModules.has(id)) return null;
    return isAppSource(id) ? START_UP_CHUNKS.pay : START_UP_CHUNKS.payVendor;
  };
}

/**
 * The app's own modules. Libraries, and the helpers the build adds when it lowers syntax for the browser
 * floor (virtual modules, `\0…`), are not: were the libraries' helpers in the app's chunk, the libraries'
 * chunk would import it back, and that cycle ran xstate before its classes existed.
 */
const isAppSource = (id: string) => !id.includes('node_modules') && !id.startsWith('\0');

function staticClosure(root: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(root);
  return seen;
}

export default defineConfig(({ mode }) => ({
  plugins: [
    startUp.plugin,
    inlineStylesheet(),
    // VITE_CSP_REPORT_URL among them: the policy's report address, public by nature (every response's header carries it).
    cspPlugin(loadEnv(mode, process.cwd())),
    earlyMenuScript(PAY_ROUTE_COMPONENT),
    applePayScript(loadEnv(mode, process.cwd()).VITE_APPLE_PAY_SDK_URL),
    sandboxManifest(loadEnv(mode, process.cwd(), 'SANDBOX_')),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    compileHints(Object.values(START_UP_CHUNKS)),
    paymentMarks(),
    moneyPatterns(),
    precompress(),
  ],
  // `npm run dev` talks to a running sandbox (`npm start`) for the API and its stand-ins.
  server: {
    proxy: { '/v4': 'http://localhost:4173', '/sandbox': 'http://localhost:4173' },
  },
  build: {
    // The browser floor (package.json's browserslist): the syntax and CSS shipped are what those engines read.
    target: floorTargets,
    cssTarget: floorTargets,
    sourcemap: false,
    // One style sheet, inlined in index.html (scripts/inline-stylesheet.ts): no chunk has one of its own to fetch.
    cssCodeSplit: false,
    // index.html's list (which scripts/start-up-scripts-plugin.ts turns into module scripts) leaves out the
    // entry: the shared app chunk imports it back (a cycle the bundler keeps for execution order), and a
    // second tag for it made Firefox report an error event. The lists Vite's loader reads before a dynamic
    // import (/vacuum's views) leave out every chunk index.html has already run (tests/engines, Firefox).
    modulePreload: {
      resolveDependencies: (filename, deps, { hostType }) =>
        deps.filter((dep) => dep !== filename && (hostType === 'html' || !startUp.loadsAtStart(dep))),
    },
    // scripts/bundle-size.mjs reads it to measure what /pay loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Each group keeps only the modules it names; a shared dependency is never pulled into one flow's chunk.
          includeDependenciesRecursively: false,
          groups: [
            // React DOM apart from the other libraries: two shorter compile tasks block the main thread less than one.
            {
              name: START_UP_CHUNKS.reactDom,
              test: /node_modules[\\/](?:react-dom|scheduler)[\\/]/,
              priority: 40,
              tags: ['$initial'],
            },
            // The libraries every page needs, in one chunk (compresses better than many small ones); libraries
            // only a later step uses (animation, Stripe, QR codes) stay with that step.
            { name: START_UP_CHUNKS.vendor, test: /node_modules/, priority: 30, tags: ['$initial'] },
            // The app code every page starts with: one request instead of a dozen small ones.
            {
              name: START_UP_CHUNKS.app,
              test: /^(?!.*node_modules)(?!.*src[\\/]main\.tsx)/,
              priority: 20,
              tags: ['$initial'],
            },
            { name: payRouteChunks(), priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/sandbox/**/*.test.ts', 'tests/paths/**/*.test.ts'],
          // The folder of the production builds its tests share (tests/unit/production-build.ts).
          globalSetup: ['tests/unit/production-builds.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
        },
      },
    ],
  },
}));
