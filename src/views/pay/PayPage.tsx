import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectLanguage,
  selectMenuCondition,
  selectOfferedLanguages,
  selectPurchase,
  selectSkeletonShape,
  selectSplash,
  selectSupportPhone,
  selectAcceptedMarks,
  selectMachineIdentity,
} from '../../../machines/pay-page/pay-page.selectors';
import { providePayPage } from '../../actors/pay-page';
import { apiClient } from '../../api/default-client';
import { MenuSkeleton } from '../../components/MenuSkeleton';
import { LanguageSelect } from '../../components/LanguageSelect';
import { PageFrame } from '../../components/PageFrame';
import type { EarlyMenu, MachineProof } from '../../../machines/menu/menu.types';
import type { OrderSource, ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { CARD_SCAN_ORIGIN, DEFAULT_SUPPORT_PHONE, HOSTED_PAGE_ORIGIN, HOSTED_PAGE_RETURN_PATH } from '../../config';
import { nextTask } from '../../lib/next-task';
import { purchaseStorage } from '../../lib/purchase-storage';
import { rememberedLanguage } from '../../i18n/i18n';
import { inspect } from '../../inspect';
import { hasApplePaySession, isApplePayAvailable } from '../../payments/apple-pay/availability';
import { PurchaseView } from '../purchase/PurchaseView';
import { MachineIdentity } from '../../components/MachineIdentity';
import { MachineMessage } from '../../components/MachineMessage';
import { Splash } from './Splash';

const payPageLogic = providePayPage(apiClient);
// The page's first render, which the router starts once this module is evaluated, in a task of its own.
await nextTask();

interface PayPageProps {
  machineId: string;
  /** What tells the operator the page is the machine's: its sticker's code, or the payment link. */
  proof: MachineProof;
  machineClosed: boolean;
  /** A payment that came back from Bit (its verdict is asked of the operator, never read from the address). */
  returnedPayment?: ReturnedPayment | undefined;
  /** What decides the order: the product view (default), an hourly span (/vacuum) or a payment link. */
  orderSource?: OrderSource | undefined;
  /** /pay's menu request sent by index.html before the page's code ran. */
  earlyMenu?: EarlyMenu | undefined;
  /** The machines with their effects; tests pass ones wired to the in-process sandbox. */
  logic?: typeof payPageLogic;
}

export function PayPage({
  machineId,
  proof,
  machineClosed,
  returnedPayment,
  orderSource,
  earlyMenu,
  logic = payPageLogic,
}: PayPageProps) {
  const { t } = useTranslation();
  // Read once: the chart takes its input when it starts, and cookies and storage are slow to read on every render.
  const [input] = useState(() => ({
    machineId,
    proof,
    machineClosed,
    earlyMenu,
    language: rememberedLanguage(),
    purchaseSettings: {
      applePaySupported: hasApplePaySession(),
      applePayAvailable: isApplePayAvailable(),
      hostedPage: {
        pageOrigin: HOSTED_PAGE_ORIGIN,
        returnUrl: new URL(HOSTED_PAGE_RETURN_PATH, window.location.href).href,
      },
      cardScanOrigin: CARD_SCAN_ORIGIN,
      latestPurchase: purchaseStorage.latestPurchase(machineId),
      returnedPayment,
      orderSource,
    },
  }));
  const payPage = useActorRef(logic, { input, inspect });
  // The page's content follows the chart a moment later, in a render React can pause for input: the
  // product list then never blocks the main thread in one long task.
  const condition = useDeferredValue(useSelector(payPage, selectMenuCondition), 'loading');
  const loading = condition === 'loading' || condition === 'skeleton';
  const skeletonShape = useSelector(payPage, selectSkeletonShape);
  const splash = useSelector(payPage, selectSplash);
  const splashVisible = useSelector(splash, (snapshot) => snapshot?.hasTag('visible') === true);
  const purchase = useSelector(payPage, selectPurchase);
  const language = useSelector(payPage, selectLanguage);
  const languages = useSelector(payPage, selectOfferedLanguages);
  const supportPhone = useSelector(payPage, (snapshot) => selectSupportPhone(snapshot, DEFAULT_SUPPORT_PHONE));
  const footerMarks = useSelector(payPage, selectAcceptedMarks, (a, b) => a.join() === b.join());
  const identity = useSelector(payPage, selectMachineIdentity);

  return (
    <>
      <Splash actorRef={splash} />
      <PageFrame
        inert={splashVisible}
        header={
          !loading && (
            <LanguageSelect
              value={language}
              options={languages}
              onChange={(chosen) => payPage.send({ type: 'language.change', language: chosen })}
            />
          )
        }
        // While the menu loads the line's room is kept (false); once loaded, a machine without a name (not found,
        // an older operator's menu) has no line at all, rather than an empty one under the logo.
        machineIdentity={
          loading ? false : identity && <MachineIdentity identity={identity} className="machine-identity--header" />
        }
        ready={!loading}
        // Under the splash nothing; once the page is in view, the skeleton of the products to come.
        loading={condition === 'skeleton' ? <MenuSkeleton shape={skeletonShape} /> : null}
        footer
        footerMarks={footerMarks}
      >
        {condition === 'notFound' && (
          <MachineMessage
            headline={{ title: t('machine.notRecognised'), advice: t('machine.checkCode') }}
            message={t('machine.notFound')}
            supportPhone={supportPhone}
          />
        )}
        {condition === 'notActive' && <MachineMessage message={t('machine.notActive')} supportPhone={supportPhone} />}
        {condition === 'unavailable' && (
          <MachineMessage
            message={t('machine.unavailable')}
            supportPhone={supportPhone}
            onRetry={() => payPage.send({ type: 'menu.retry' })}
          />
        )}
        {condition === 'ready' && purchase && <PurchaseView purchase={purchase} supportPhone={supportPhone} />}
      </PageFrame>
    </>
  );
}
