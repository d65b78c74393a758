// What index.html paints on its own, before any JavaScript has arrived: the header and loading wheel
// every page starts with (src/components/PageFrame.tsx), drawn from the same components at build time,
// with the app's style sheet inlined so that first paint waits for no other request.
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import en from '../locales/en.json' with { type: 'json' };
import { Logo } from '../src/components/Logo';
import { Spinner } from '../src/components/Spinner';

export function appShellMarkup(): string {
  return renderToStaticMarkup(
    // Left to right whatever the visitor's language: the app sets the page's direction as it starts, and a
    // logo that moved across the header then would be a layout shift. The first render replaces all of it.
    <div className="page" dir="ltr">
      <header className="page__header">
        <Logo variant="colour" className="page__logo" />
      </header>
      <main className="page__main">
        <Spinner label={en.app.loading} />
      </main>
    </div>,
  );
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/** Puts the app shell inside index.html's #root and the build's style sheet inside its head. */
export function appShell(): Plugin {
  return {
    name: 'app-shell',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html
          .replace('<div id="root"></div>', `<div id="root">${appShellMarkup()}</div>`)
          .replace(STYLESHEET_LINK, (link, fileName: string) => {
            const asset = bundle?.[fileName];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
          }),
    },
  };
}
