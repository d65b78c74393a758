import type { ReactNode } from 'react';

/**
 * A button's words; while `busy`, a small turning wheel before them says the button is working (the button,
 * aria-busy and aria-disabled, keeps its colour and ignores a second tap: base.css). The wheel is hidden from
 * screen readers, so the button's name is its words alone. A new node whenever `busy` changes: a centred
 * label edited in place would move, a layout shift.
 */
export function ButtonLabel({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <span key={busy ? 'busy' : 'ready'}>
      {busy && <span className="spinner__wheel button__wheel" aria-hidden="true" />}
      {children}
    </span>
  );
}
