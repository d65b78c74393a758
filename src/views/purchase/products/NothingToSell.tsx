import { useTranslation } from 'react-i18next';

/** The machine has no product the visitor can buy now (none at all, or none available). */
export function NothingToSell() {
  const { t } = useTranslation();
  return <p className="empty-state">{t('products.empty')}</p>;
}
