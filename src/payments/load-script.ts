const loading = new Map<string, Promise<void>>();

/** Adds a provider's script once; later calls share the same load. A failed load may be retried. */
export function loadScript(src: string): Promise<void> {
  const url = new URL(src, window.location.href).href;
  const existing = loading.get(url);
  if (existing) return existing;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(url);
      script.remove();
      reject(new Error(`could not load ${url}`));
    };
    document.head.append(script);
  });
  loading.set(url, load);
  return load;
}

/** Resolves once an element matching the selector is in the document (the view renders it next). */
export function whenElementExists(selector: string, timeoutMs = 5000): Promise<Element> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const look = () => {
      const element = document.querySelector(selector);
      if (element) resolve(element);
      else if (performance.now() - started > timeoutMs) reject(new Error(`no ${selector} in the page`));
      else requestAnimationFrame(look);
    };
    look();
  });
}
