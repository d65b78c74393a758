import { useTranslation } from 'react-i18next';
import type { SkeletonShape } from '../../machines/pay-page/pay-page.selectors';

/** How many grey cards stand in for the products: about what the first screen shows. */
const CARDS: Record<SkeletonShape, number> = { list: 3, grid: 4, link: 1 };

/**
 * Grey blocks shaped like the product view that is coming, while the menu loads: the region is busy,
 * and a screen reader hears "Loading…" once.
 */
export function MenuSkeleton({ shape }: { shape: SkeletonShape }) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton skeleton--${shape}`} aria-busy="true" data-testid="menu-skeleton">
      {/* Named like the spinner's status (a status takes no name from its text), and read out as its text. */}
      <span className="visually-hidden" role="status" aria-label={t('app.loading')}>
        {t('app.loading')}
      </span>
      <div className="skeleton__title" aria-hidden="true" />
      <div className="skeleton__cards" aria-hidden="true">
        {Array.from({ length: CARDS[shape] }, (_, index) => (
          <div key={index} className="skeleton__card">
            {shape !== 'list' && <div className="skeleton__picture" />}
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--short" />
          </div>
        ))}
      </div>
    </div>
  );
}
