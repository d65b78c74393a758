/**
 * Starts the Intl warm-up worker (public/intl-warm-up.js), once per script that calls it: ICU's locale data,
 * loaded on a thread of its own, is then shared with the main thread, whose first Intl formatter would
 * otherwise load it there, 40–130 ms of a fresh renderer's time (docs/performance.md). Starting a worker
 * costs the main thread a wait of its own (10–50 ms, while the worker's thread starts), so a page starts it
 * only where it will format with Intl: index.html's early script on every route but /pay, whose first screen
 * writes its amounts without Intl; /pay once the visitor first touches it (PaymentDrawerOnDemand).
 */
let started = false;

export function startIntlWarmUp(): void {
  if (started) return;
  started = true;
  new Worker(`${import.meta.env.BASE_URL}intl-warm-up.js`);
}
