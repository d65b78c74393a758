import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import type { PurchaseRef } from './purchase-ref';
import { CallOrRetry } from '../payment/CallOrRetry';

/**
 * The operator woke the machine and it did not answer in time: nothing was booked and no money moved
 * (docs/payments.md "From payment to product in hand"). Try again books the same choice again.
 */
export function MachineNotResponding({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  return (
    <section className="outcome outcome--failure" data-testid="machine-not-responding">
      <FocusHeading className="outcome__title">{t('machineNotResponding.title')}</FocusHeading>
      <p className="outcome__charge">{t('failure.notCharged')}</p>
      <p>{t('machineNotResponding.advice')}</p>
      <CallOrRetry purchase={purchase} supportPhone={supportPhone} />
    </section>
  );
}
