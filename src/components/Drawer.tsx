import { AnimatePresence, domAnimation, LazyMotion, m, MotionConfig, useReducedMotion } from 'framer-motion';
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

export interface DrawerProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /**
   * Where focus goes when the sheet has gone, when its opener is known: the page behind turns inert as
   * the sheet opens, so the opener may have lost focus before a lazily loaded sheet mounts.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A bottom sheet of 90vh (requirements.md §2, §9): a modal dialog that slides up, or simply appears when the
 * visitor prefers reduced motion. Loaded on demand (see LazyDrawer), so framer-motion stays out of
 * the entry bundle.
 */
export default function Drawer({ open, title, closeLabel, onClose, returnFocusTo, children }: DrawerProps) {
  const titleId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // Without motion the sheet and its backdrop come and go at once (no slide, no fade): starting in place, since
  // an instant transition would still show the sheet off-screen for a few frames.
  const reduceMotion = useReducedMotion() === true;

  // Focus moves into the sheet when it opens, and back to its opener once it has gone (see
  // onExitComplete). A layout effect, so the opener is read before a heading inside takes focus.
  useLayoutEffect(() => {
    if (!open) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheetRef.current?.focus();
  }, [open]);

  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <AnimatePresence onExitComplete={() => (returnFocusTo?.current ?? openerRef.current)?.focus()}>
          {open && (
            <div className="drawer">
              <m.div
                className="drawer__backdrop"
                aria-hidden="true"
                onClick={onClose}
                initial={reduceMotion ? false : { opacity: 0 }}
                animate={{ opacity: 1 }}
                exit={{ opacity: 0 }}
                transition={reduceMotion ? { type: false } : undefined}
              />
              <m.div
                ref={sheetRef}
                className="drawer__sheet"
                role="dialog"
                aria-modal="true"
                aria-labelledby={titleId}
                tabIndex={-1}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') onClose();
                }}
                initial={reduceMotion ? false : { y: '100%' }}
                animate={{ y: 0 }}
                exit={{ y: '100%' }}
                transition={reduceMotion ? { type: false } : { type: 'tween', ease: 'easeOut', duration: 0.28 }}
              >
                <div className="drawer__header">
                  <span className="drawer__handle" aria-hidden="true" />
                  <h2 id={titleId} className="drawer__title">
                    {title}
                  </h2>
                  <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
                <div className="drawer__body">{children}</div>
              </m.div>
            </div>
          )}
        </AnimatePresence>
      </MotionConfig>
    </LazyMotion>
  );
}
