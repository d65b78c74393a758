import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { CARD_FIELDS, type CardField } from '../../../machines/payment/methods/card-fields/card-fields.machine';
import { FocusHeading } from '../../components/FocusHeading';
import { formatMoney } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import { FIELD_CONTAINERS } from './hosted-fields';
import { PayButton } from '../../views/payment/PayButton';
import type { MethodRef } from '../method-ref';

const FIELD_LABELS = {
  credit_card_number: 'payment.card.number',
  expiry: 'payment.card.expiry',
  cvv: 'payment.card.cvv',
} as const satisfies Record<CardField, string>;

/** Tranzila's hosted fields: the processor's own frames sit in these boxes (requirements.md §2). */
export function CardFieldsStep({ cardFields }: { cardFields: MethodRef<'cardFields'> }) {
  const { t, i18n } = useTranslation();
  const loading = useSelector(cardFields, (snapshot) => snapshot.hasTag('loading'));
  const processing = useSelector(cardFields, (snapshot) => snapshot.hasTag('processing'));
  const fieldErrors = useSelector(cardFields, (snapshot) => snapshot.context.fieldErrors);
  const chargeFailed = useSelector(cardFields, (snapshot) => snapshot.context.chargeFailed);
  const order = useSelector(cardFields, (snapshot) => snapshot.context.order);

  const renderField = (field: CardField) => (
    <div key={field} className="card-form__field">
      <span className="field-label" id={`${FIELD_CONTAINERS[field]}-label`}>
        {t(FIELD_LABELS[field])}
      </span>
      <div
        id={FIELD_CONTAINERS[field]}
        className={`hosted-field${fieldErrors[field] ? ' hosted-field--invalid' : ''}`}
        role="group"
        aria-labelledby={`${FIELD_CONTAINERS[field]}-label`}
        aria-describedby={fieldErrors[field] ? `${FIELD_CONTAINERS[field]}-error` : undefined}
      />
      {fieldErrors[field] && (
        <p className="field-error" id={`${FIELD_CONTAINERS[field]}-error`} role="alert">
          {fieldErrors[field]}
        </p>
      )}
    </div>
  );

  return (
    <section className="card-form" aria-busy={processing}>
      <FocusHeading>{t('payment.card.title')}</FocusHeading>
      {loading && <Spinner label={t('payment.card.loading')} showLabel />}
      {/* A card form: the number full width (its network mark would sit at its inline end), expiry and CVV side by side. */}
      {renderField(CARD_FIELDS[0])}
      <div className="card-form__row">{CARD_FIELDS.slice(1).map(renderField)}</div>
      {chargeFailed && (
        <p className="field-error" role="alert">
          {t('payment.errors.paymentFailed')}
        </p>
      )}
      <p className="secure-note">{t('payment.secureNote')}</p>
      <PayButton busy={processing || loading} onPay={() => cardFields.send({ type: 'payment.start' })}>
        {t('payment.payAmount', {
          amount: formatMoney(order.total, order.currencySymbol, i18n.language, order.currency),
        })}
      </PayButton>
      {processing && (
        <div className="loading-overlay">
          <Spinner label={t('payment.processing')} showLabel />
        </div>
      )}
    </section>
  );
}
