import { Trans } from 'react-i18next';

/**
 * A payment's transaction number (the spec's success and failure pages) or a rental's reference, under its label. The number is its
 * own left-to-right box, so a line never breaks at its hyphen ("SBX-" / "000012") while it fits on one line.
 */
export function TransactionNumber({
  text,
  id,
}: {
  text: 'success.transaction' | 'failure.transaction' | 'rental.reference';
  id: string;
}) {
  return (
    <p className="outcome__transaction">
      <Trans
        i18nKey={text}
        values={{ id }}
        components={{ id: <bdi dir="ltr" className="outcome__transaction-id" /> }}
      />
    </p>
  );
}
