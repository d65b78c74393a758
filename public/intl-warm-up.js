/*
 * A classic worker, started by src/lib/intl-warm-up.ts where a page will format with Intl: by index.html's
 * early script as the HTML arrives (every route but /pay), and on /pay at the visitor's first touch. A
 * fresh renderer's first Intl formatter builds V8's list of ICU's locales, which the whole renderer process
 * then shares: 40–130 ms of the main thread's time, measured. Done here, on a thread of its own, it costs the
 * main thread only the worker's start and end (docs/performance.md). A fixed language: the list is shared by
 * all of them, and a worker's navigator.language may not be a language tag at all (WebKitGTK under the POSIX
 * locale says "C", which Intl refuses). A plain script (no module), apart from the app's bundle.
 */
new Intl.NumberFormat('en', { style: 'currency', currency: 'ILS' }).format(0);
self.close();
