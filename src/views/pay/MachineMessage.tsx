import { useTranslation } from 'react-i18next';
import { SupportCallButton } from '../../components/SupportCallButton';

interface MachineMessageProps {
  message: string;
  /** A plain sentence shown first, saying what happened and what to do, when the spec's message alone does not. */
  headline?: string;
  supportPhone: string;
  onRetry?: () => void;
}

/** Machine not found, not active, or the menu could not load: what happened and a way forward. */
export function MachineMessage({ message, headline, supportPhone, onRetry }: MachineMessageProps) {
  const { t } = useTranslation();
  return (
    <section className="machine-message" role="alert">
      {headline && <p className="machine-message__headline">{headline}</p>}
      <p className="machine-message__text">{message}</p>
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
