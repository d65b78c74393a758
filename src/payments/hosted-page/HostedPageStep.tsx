import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import { SupportCallButton } from '../../components/SupportCallButton';
import type { MethodRef } from '../method-ref';

/** The address the frame shows, when this origin may read it (the return page); the provider's pages it may not. */
function readableAddress(frame: HTMLIFrameElement): string | undefined {
  try {
    return frame.contentWindow?.location.href;
  } catch {
    return undefined; // another origin: the provider's form, 3-D Secure or error page
  }
}

/** Yaad Sarig's (Hyp's) hosted payment page in a frame, with a loader and the support phone (requirements.md §2). */
export function HostedPageStep({
  hostedPage,
  supportPhone,
}: {
  hostedPage: MethodRef<'hostedPage'>;
  supportPhone: string;
}) {
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
          onLoad={(event) => {
            const url = readableAddress(event.currentTarget);
            hostedPage.send(url === undefined ? { type: 'frame.providerPage' } : { type: 'frame.loaded', url });
          }}
        />
      )}
      <SupportCallButton phone={supportPhone} label={t('payment.supportLink')} />
    </section>
  );
}
