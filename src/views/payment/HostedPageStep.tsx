import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import { SupportCallButton } from '../../components/SupportCallButton';
import type { HostedPageRef } from './payment-refs';

/** The address the frame shows now: readable on our own origin, else the provider's page it was given. */
function frameAddress(frame: HTMLIFrameElement): string {
  try {
    return frame.contentWindow?.location.href ?? frame.src;
  } catch {
    return frame.src; // the provider's own origin: still its payment form
  }
}

/** Yaad Sarig's hosted payment page in a frame, with a loader and the support phone (spec §2). */
export function HostedPageStep({ hostedPage, supportPhone }: { hostedPage: HostedPageRef; supportPhone: string }) {
  const { t } = useTranslation();
  const pageUrl = useSelector(hostedPage, (snapshot) => snapshot.context.pageUrl);
  const loading = useSelector(hostedPage, (snapshot) => snapshot.hasTag('loading'));
  return (
    <section className="hosted-page">
      <FocusHeading>{t('payment.hostedPage.title')}</FocusHeading>
      {loading && <Spinner label={t('payment.hostedPage.loading')} showLabel />}
      {pageUrl && (
        <iframe
          className={`hosted-page__frame${loading ? ' hosted-page__frame--loading' : ''}`}
          title={t('payment.hostedPage.title')}
          src={pageUrl}
          onLoad={(event) => hostedPage.send({ type: 'frame.loaded', url: frameAddress(event.currentTarget) })}
        />
      )}
      <SupportCallButton phone={supportPhone} label={t('payment.supportLink')} />
    </section>
  );
}
