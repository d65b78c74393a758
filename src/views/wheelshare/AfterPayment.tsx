import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';

/** /wheelshare/afterPayment: where the visitor's phone lands once paid (requirements.md §2). */
export function AfterPayment({ onDone }: { onDone: () => void }) {
  const { t: tApp } = useTranslation();
  const { t, ready } = useTranslation('wheelshare');
  if (!ready) return <Spinner label={tApp('app.loading')} />;
  return (
    <main className="page page--centered station-after">
      <Logo variant="colour" className="welcome__logo" />
      <form
        className="station-after__form"
        onSubmit={(event) => {
          event.preventDefault();
          onDone();
        }}
      >
        <span className="outcome__icon" aria-hidden="true">
          ✓
        </span>
        <h1>{t('afterPayment.heading')}</h1>
        <p>{t('afterPayment.text')}</p>
        <button type="submit" className="button button--primary button--block">
          {t('afterPayment.done')}
        </button>
      </form>
    </main>
  );
}
