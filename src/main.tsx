import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberedLanguage, startI18n } from './i18n/i18n';
import { router } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's code and data (the /pay route's menu) start loading now, not after the first render.
router.load().catch(console.error);
await startI18n(rememberedLanguage());
// A transition lets React yield to the browser while it builds the first screen (the app shell in
// index.html stays on show meanwhile), instead of blocking input for the whole first render.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
