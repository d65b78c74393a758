/// <reference types="vitest/config" />
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { cspPlugin } from './scripts/csp-plugin.ts';

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

export default defineConfig(({ mode }) => ({
  plugins: [
    cspPlugin(loadEnv(mode, process.cwd())),
    applePayScript(loadEnv(mode, process.cwd()).VITE_APPLE_PAY_SDK_URL),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
  ],
  // `npm run dev` talks to a running sandbox (`npm start`) for the API and its stand-ins.
  server: {
    proxy: { '/v4': 'http://localhost:4173', '/sandbox': 'http://localhost:4173' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/bundle-size.mjs reads it to measure what /pay loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // One chunk for the libraries every page needs compresses better than many small ones;
        // animation, provider SDK and QR-code code stay in their own on-demand chunks.
        codeSplitting: {
          groups: [
            // React DOM apart from the other libraries: two shorter compile tasks block the main thread less than one.
            { name: 'react-dom', test: /node_modules[\\/](?:react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/](?!framer-motion|motion-|@stripe|uqr)/, priority: 1 },
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
          include: ['tests/unit/**/*.test.ts', 'tests/paths/**/*.test.ts'],
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
