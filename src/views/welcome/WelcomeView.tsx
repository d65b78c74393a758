import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';

export function WelcomeView() {
  const { t } = useTranslation();
  return (
    <main className="page page--centered">
      <Logo variant="colour" className="welcome__logo" />
      <h1>{t('app.welcome')}</h1>
      <p>{t('app.welcomeText')}</p>
    </main>
  );
}
