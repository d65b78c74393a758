import { useEffect, useRef, type ReactNode } from 'react';

/** A heading that takes focus when it appears, so a stage change is announced and keyboard users follow it. */
export function FocusHeading({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h3 ref={ref} id={id} tabIndex={-1} className={className ?? 'stage-heading'}>
      {children}
    </h3>
  );
}
