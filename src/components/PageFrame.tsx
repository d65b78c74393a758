import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMark } from '../../machines/menu/payment-marks';
import { Footer } from './Footer';
import { Logo } from './Logo';
import { Spinner } from './Spinner';

interface PageFrameProps {
  /** Beside the logo, e.g. the language choice. */
  header?: ReactNode;
  /**
   * A machine's page: the line under the logo that names the machine (MachineIdentity). Its room is kept while
   * the menu loads, so the content does not move down when the name arrives.
   */
  machineIdentity?: ReactNode;
  /** Whether the page's texts are in place; `loading` shows instead of the content until then. */
  ready?: boolean;
  /** What shows until the page is ready: a spinner unless the page says otherwise (e.g. a skeleton). */
  loading?: ReactNode;
  /** The payment logos and policy links (requirements.md §2) under the page, once it is ready. */
  footer?: boolean;
  /** The footer's payment marks: the machine's own (acceptedMarks). */
  footerMarks?: readonly PaymentMark[] | undefined;
  /** Added to the page's own class. */
  className?: string;
  /** Added to the main region's own class. */
  mainClassName?: string;
  /** Out of reach of focus and screen readers (while something covers the page). */
  inert?: boolean;
  children?: ReactNode;
}

/** A page: the logo with any header extras, the page's content, and the footer if asked for. */
export function PageFrame({
  header,
  machineIdentity,
  ready = true,
  loading,
  footer = false,
  footerMarks,
  className,
  mainClassName,
  inert,
  children,
}: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={className ? `page ${className}` : 'page'} inert={inert}>
      <header className={machineIdentity === undefined ? 'page__header' : 'page__header page__header--machine'}>
        <Logo variant="colour" className="page__logo" />
        {header}
        {machineIdentity !== undefined && <div className="page__machine">{machineIdentity}</div>}
      </header>
      <main className={mainClassName ? `page__main ${mainClassName}` : 'page__main'}>
        {ready ? children : loading === undefined ? <Spinner label={t('app.loading')} /> : loading}
      </main>
      {/* With the content, not before: a footer pushed down the screen when the content arrives is a layout shift. */}
      {footer && ready && <Footer marks={footerMarks} />}
    </div>
  );
}
