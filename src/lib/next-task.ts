/**
 * Resolves in a later task of the event loop, after what the browser has queued meanwhile (input, a frame).
 * Start-up work split by it runs as several short tasks, not one long one: a slow phone's main thread is
 * never blocked for long (docs/performance.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
