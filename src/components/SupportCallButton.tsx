import { useTranslation } from 'react-i18next';

/** A button-styled link that calls the technician (requirements.md §2, §6). */
export function SupportCallButton({ phone, label }: { phone: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <a className="button button--secondary support-call" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {label ?? t('machine.contact')}{' '}
      <bdi dir="ltr" className="support-call__number">
        {phone}
      </bdi>
    </a>
  );
}
