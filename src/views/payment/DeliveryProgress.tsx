import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { deliveryMachine } from '../../../machines/delivery/delivery.machine';
import { selectDeliveryView, type ItemLine } from '../../../machines/delivery/delivery.selectors';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';

export type DeliveryRef = ActorRefFrom<typeof deliveryMachine>;

/** "Cola", "2 × Water and Cola", each name isolated so a Latin name keeps its order in Hebrew. */
function useItemList() {
  const { i18n } = useTranslation();
  const list = useMemo(() => new Intl.ListFormat(i18n.language, { type: 'conjunction' }), [i18n.language]);
  return (items: readonly ItemLine[]) =>
    list.format(items.map(({ name, count }) => `${count > 1 ? `${String(count)} × ` : ''}\u2068${name}\u2069`));
}

/**
 * What the machine does with what was paid (docs/payments.md "From payment to product in hand"): it
 * delivers, the items to take, or what did not come out going back to the payer, with the refund's
 * reference. Announced as it changes.
 */
export function DeliveryProgress({
  delivery,
  receiptItems,
  symbol,
}: {
  delivery: DeliveryRef;
  receiptItems: readonly ItemLine[];
  symbol: string;
}) {
  const { t } = useTranslation();
  const itemList = useItemList();
  const view = useSelector(delivery, (snapshot) => selectDeliveryView(snapshot, receiptItems));
  const vends = view.kind === 'vend';
  switch (view.stage) {
    case 'none':
      return null;
    case 'following':
      return (
        <div className="delivery delivery--following" data-testid="delivery">
          <Spinner
            label={vends ? t('delivery.vending', { items: itemList(view.ordered) }) : t('delivery.starting')}
            inline
          />
        </div>
      );
    case 'delivered':
      return (
        <p className="delivery delivery--delivered" role="status" data-testid="delivery">
          {vends ? t('delivery.deliveredVend', { items: itemList(view.ordered) }) : t('delivery.deliveredStart')}
        </p>
      );
    case 'unconfirmed':
      return (
        <div className="delivery delivery--unconfirmed" role="status" data-testid="delivery">
          <p>{t('delivery.unconfirmed')}</p>
          <button type="button" className="button" onClick={() => delivery.send({ type: 'delivery.recheck' })}>
            {t('delivery.checkAgain')}
          </button>
        </div>
      );
    case 'givingBack':
    case 'givenBack': {
      const { givenBack } = view;
      const failed = vends ? t('delivery.failedVend', { items: itemList(view.missing) }) : t('delivery.failedStart');
      const money =
        givenBack?.way === 'released' ? 'released' : givenBack?.way === 'refunded' ? 'refunded' : 'refundPending';
      return (
        <div className="delivery delivery--given-back" role="status" data-testid="delivery">
          <p className="delivery__what">
            {view.delivered.length > 0
              ? t('delivery.partial', { delivered: itemList(view.delivered), missing: itemList(view.missing) })
              : failed}
          </p>
          {givenBack && (
            <p className="delivery__money">
              <Trans
                i18nKey={`delivery.${money}`}
                values={{ days: givenBack.arrivesWithinDays }}
                components={{ amount: <Money amount={givenBack.amount} symbol={symbol} /> }}
              />
            </p>
          )}
          {givenBack?.refundId && (
            <p className="delivery__reference">
              <Trans
                i18nKey="delivery.refundReference"
                values={{ id: givenBack.refundId }}
                components={{ id: <bdi dir="ltr" /> }}
              />
            </p>
          )}
        </div>
      );
    }
  }
}
