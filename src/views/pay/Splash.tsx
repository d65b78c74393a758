import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { splashMachine } from '../../../machines/splash/splash.machine';
import { Logo } from '../../components/Logo';

/**
 * The two splash slides: the colour logo on white, then the white logo on the brand colour.
 * The actor is gone once the splash is over. Each slide fades in with CSS (none under reduced motion).
 * It tells the chart when a slide's first frame is drawn: a slide's time counts from there.
 */
export function Splash({ actorRef }: { actorRef: ActorRefFrom<typeof splashMachine> | undefined }) {
  const { t } = useTranslation();
  const slide = useSelector(actorRef, (snapshot) =>
    snapshot?.hasTag('visible') ? (snapshot.matches('ShowingColourLogo') ? 'colour' : 'white') : undefined,
  );
  useEffect(() => {
    if (!slide || !actorRef) return;
    const frame = requestAnimationFrame(() => actorRef.send({ type: 'splash.slideShown' }));
    return () => cancelAnimationFrame(frame);
  }, [actorRef, slide]);
  if (!slide) return null;
  return (
    <div
      key={slide}
      className={`splash splash--${slide}`}
      role="img"
      aria-label={t('splash.label')}
      data-testid={`splash-${slide}`}
    >
      <Logo variant={slide} className="splash__logo" />
    </div>
  );
}
