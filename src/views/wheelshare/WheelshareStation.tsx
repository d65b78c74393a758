import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectLanguage, selectStage } from '../../../machines/wheelshare/wheelshare.selectors';
import { provideWheelshare } from '../../actors/wheelshare';
import { createRentalSessions } from '../../api/rental-sessions';
import { localStore } from '../../lib/local-store';
import { apiClient } from '../../api/default-client';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { DEFAULT_SUPPORT_PHONE, WHEELSHARE_MACHINE_ID } from '../../config';
import { rememberedLanguage } from '../../i18n/i18n';
import { LanguageButtons } from './LanguageButtons';
import { PaymentStep } from './PaymentStep';
import { RentalForm } from './RentalForm';
import type { StationRef } from './station-ref';
import { ConnectionLost, StationFailure, StationOutcome } from './StationMessages';
import { inspect } from '../../inspect';

const stationLogic = provideWheelshare(apiClient, createRentalSessions(localStore));

interface WheelshareStationProps {
  /** When the page opened: the rental times default to it. */
  now: number;
  machineId?: string;
  /** The machine with its effects; tests pass one wired to the in-process sandbox. */
  logic?: typeof stationLogic;
}

/** /wheelshare: the rental station's screen (requirements.md §2). */
export function WheelshareStation({
  now,
  machineId = WHEELSHARE_MACHINE_ID,
  logic = stationLogic,
}: WheelshareStationProps) {
  const { t, ready } = useTranslation('wheelshare');
  const station = useActorRef(logic, { input: { machineId, language: rememberedLanguage(), now }, inspect });
  const language = useSelector(station, selectLanguage);

  return (
    <PageFrame
      className="station"
      header={
        <LanguageButtons
          value={language}
          onChange={(chosen) => station.send({ type: 'language.change', language: chosen })}
        />
      }
      ready={ready}
    >
      <h1 className="station__title">{t('title')}</h1>
      <StationStage station={station} />
    </PageFrame>
  );
}

function StationStage({ station }: { station: StationRef }) {
  const { t } = useTranslation('wheelshare');
  const stage = useSelector(station, selectStage);
  const nextVisitor = () => station.send({ type: 'station.reset', now: Date.now() });
  switch (stage) {
    case 'editing':
      return <RentalForm station={station} />;
    case 'preparingPayment':
      return <Spinner label={t('pay.preparing')} showLabel />;
    case 'awaitingCard':
      return <PaymentStep station={station} />;
    case 'pollingLost':
      return <ConnectionLost station={station} supportPhone={DEFAULT_SUPPORT_PHONE} />;
    case 'allDone':
      return (
        <StationOutcome
          station={station}
          heading={t('done.heading')}
          text={t('done.text')}
          next={t('done.next')}
          supportPhone={DEFAULT_SUPPORT_PHONE}
          onNext={nextVisitor}
        />
      );
    case 'rentFailed':
      return (
        <StationFailure station={station} heading={t('failure.rentHeading')} supportPhone={DEFAULT_SUPPORT_PHONE} />
      );
    case 'returning':
      return <Spinner label={t('returning')} showLabel />;
    case 'returned':
      return (
        <StationOutcome
          station={station}
          supportPhone={DEFAULT_SUPPORT_PHONE}
          heading={t('returned.heading')}
          text={t('returned.text')}
          next={t('returned.next')}
          onNext={nextVisitor}
        />
      );
    case 'returnFailed':
      return (
        <StationFailure
          station={station}
          heading={t('failure.returnHeading')}
          supportPhone={DEFAULT_SUPPORT_PHONE}
          onRetry={() => station.send({ type: 'return.retry' })}
        />
      );
  }
}
