import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useDocumentTitle } from '../../app-info';
import { REDIRECT_PARAM, useCurrentUser } from '../../auth';
import { useLocalizedPath } from '../../locale';
import { ConnexionTransition } from '../components/connexion-transition';

/** How long the gate takes to open (the CSS animations end with it). */
export const CONNEXION_TRANSITION_MS = 2_600;

const prefersReducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Spec §2 /videoTransitionConnexion: a short transition after login, then on to the page the
 * player was going to (`redirect`, default home). Skippable; instant for reduced motion.
 */
export default function VideoTransitionConnexionScreen() {
  const { t } = useTranslation('screens');
  const title = t('videoTransitionConnexion.title');
  useDocumentTitle(title);
  const player = useCurrentUser('player');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get(REDIRECT_PARAM)) ?? localize('/home');
  const done = useRef(false);

  const goOn = useCallback(() => {
    if (done.current) return;
    done.current = true;
    void navigate(target, { replace: true });
  }, [navigate, target]);

  useEffect(() => {
    if (prefersReducedMotion()) {
      goOn();
      return;
    }
    const timer = setTimeout(goOn, CONNEXION_TRANSITION_MS);
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') goOn();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [goOn]);

  return <ConnexionTransition title={title} pseudo={player?.pseudo ?? null} onSkip={goOn} />;
}
