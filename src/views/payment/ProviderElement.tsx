import { useEffect, useRef } from 'react';

/**
 * Shows an element a provider's SDK made (its own pay button) where React cannot render it: appended
 * into this container once made, removed on unmount or when `create` changes (e.g. the language).
 */
export function ProviderElement({ create, className }: { create: () => Promise<HTMLElement>; className: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let element: HTMLElement | undefined;
    let mounted = true;
    void create().then((made) => {
      if (!mounted) return;
      element = made;
      container.current?.append(made);
    });
    return () => {
      mounted = false;
      element?.remove();
    };
  }, [create]);
  return <div ref={container} className={className} />;
}
