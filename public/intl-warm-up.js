/*
 * A classic worker, started by index.html's early script (src/early-menu.ts) as the HTML arrives. Building
 * the page's first Intl.NumberFormat loads ICU's number data, which the whole renderer process then shares:
 * 25–70 ms of a phone's time, measured. Done here, on a thread of its own while the code and the menu
 * download, it costs the main thread nothing and the list's first amount under a millisecond
 * (docs/performance.md). A fixed language: the data is shared by all of them, and a worker's
 * navigator.language may not be a language tag at all (WebKitGTK under the POSIX locale says "C", which
 * Intl refuses). A plain script (no module), apart from the app's bundle.
 */
new Intl.NumberFormat('en', { style: 'currency', currency: 'ILS' }).format(0);
self.close();
