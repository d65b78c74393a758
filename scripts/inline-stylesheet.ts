import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * Puts the build's style sheet inside index.html, so the first paint waits for no other request
 * (with `build.cssCodeSplit: false` there is one, and no chunk asks for it again).
 */
export function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        }),
    },
  };
}
