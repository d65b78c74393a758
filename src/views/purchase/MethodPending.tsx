import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import type { PurchaseRef } from './purchase-ref';

/** INIT_METHOD_PENDING: a clearly labelled placeholder until the provider steps are built. */
export function MethodPending({ purchase }: { purchase: PurchaseRef }) {
  const { t } = useTranslation();
  const method = useSelector(purchase, (snapshot) => snapshot.context.method);
  if (!method) return null;
  const name = t(`methods.names.${method}`);
  return (
    <section className="pending" data-testid="method-pending">
      <FocusHeading>{t('pending.title', { method: name })}</FocusHeading>
      <p className="pending__placeholder">{t('pending.placeholder', { method: name })}</p>
    </section>
  );
}
