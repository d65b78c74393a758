import { useSelector } from '@xstate/react';
import { AnimatePresence, m } from 'framer-motion';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { splashMachine } from '../../../machines/splash/splash.machine';
import { Logo } from '../../components/Logo';

/** The two splash slides (the actor is gone once the splash is over, so the last slide fades out): colour logo on white, then white logo on the brand colour. */
export function Splash({ actorRef }: { actorRef: ActorRefFrom<typeof splashMachine> | undefined }) {
  const { t } = useTranslation();
  const slide = useSelector(actorRef, (snapshot) =>
    snapshot?.hasTag('visible') ? (snapshot.matches('ShowingColourLogo') ? 'colour' : 'white') : undefined,
  );
  return (
    <AnimatePresence>
      {slide && (
        <m.div
          key={slide}
          className={`splash splash--${slide}`}
          role="img"
          aria-label={t('splash.label')}
          data-testid={`splash-${slide}`}
          initial={{ opacity: 0 }}
          animate={{ opacity: 1 }}
          exit={{ opacity: 0 }}
          transition={{ duration: 0.3 }}
        >
          <Logo variant={slide} className="splash__logo" />
        </m.div>
      )}
    </AnimatePresence>
  );
}
