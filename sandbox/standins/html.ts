import { html, raw } from 'hono/html';

/** What hono's html`` gives: markup whose values are already escaped. */
export type Markup = ReturnType<typeof html>;

// One small stylesheet for every stand-in page: readable on a phone, with a visible keyboard focus.
const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.4; }
  body { margin: 0 auto; padding: 1rem; max-width: 28rem; color: #1a1a1a; background: #fff; }
  h1 { font-size: 1.25rem; }
  label { display: block; margin: 0.75rem 0 0.25rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem; font: inherit; font-size: 1rem;
    border: 1px solid #767676; border-radius: 6px; }
  button { margin: 1rem 0.5rem 0 0; padding: 0.7rem 1.2rem; font: inherit; font-weight: 600;
    border: 1px solid #1a1a1a; border-radius: 6px; background: #1a1a1a; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1a1a; }
  button:disabled { opacity: 0.6; cursor: progress; }
  :focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  [role='alert'] { color: #b3261e; font-weight: 600; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
    white-space: nowrap; }
`;

/** A whole stand-in page: English, titled, no external resources (not even a favicon request); style adds rules. */
export function page(title: string, body: Markup, options: { script?: string; style?: string } = {}): Markup {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <title>${title}</title>
        <style>
          ${raw(STYLE + (options.style ?? ''))}
        </style>
      </head>
      <body>
        ${body}${options.script ? html`<script src="${options.script}"></script>` : ''}
      </body>
    </html>`;
}
