import { useTranslation } from 'react-i18next';
import { SupportCallButton } from './SupportCallButton';

interface MachineMessageProps {
  message: string;
  /**
   * What happened, as the page's heading, and what to do, when the spec's message alone does not say it
   * (GOV.UK's pattern: a short heading, then plain sentences).
   */
  headline?: { title: string; advice: string };
  supportPhone: string;
  onRetry?: () => void;
}

/** Machine not found, not active, or the menu could not load: what happened and a way forward. */
export function MachineMessage({ message, headline, supportPhone, onRetry }: MachineMessageProps) {
  const { t } = useTranslation();
  return (
    <section className="machine-message" role="alert">
      {headline && (
        <>
          <h1 className="machine-message__headline">{headline.title}</h1>
          <p>{headline.advice}</p>
        </>
      )}
      <p className={headline ? undefined : 'machine-message__text'}>{message}</p>
      <div className="button-row">
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            {t('machine.retry')}
          </button>
        )}
        <SupportCallButton phone={supportPhone} />
      </div>
    </section>
  );
}
