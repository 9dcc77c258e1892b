import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useDocumentTitle } from '../../../lib/app-info';
import { REDIRECT_PARAM, useCurrentUser } from '../../auth';
import { useLocalizedPath } from '../../../lib/locale';
import { ConnexionTransition } from '../components/connexion-transition';
import { useSkippableTransition } from '../hooks/use-skippable-transition';

/** How long the gate takes to open (the CSS animations end with it). */
export const CONNEXION_TRANSITION_MS = 2_600;

/**
 * `/videoTransitionConnexion`: a short transition after login, then on to the page the
 * player was going to (`redirect`, default home). Skippable; instant for reduced motion.
 */
export default function VideoTransitionConnexionScreen() {
  const { t } = useTranslation('screens');
  const title = t('videoTransitionConnexion.title');
  useDocumentTitle(title);
  const player = useCurrentUser('player');
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get(REDIRECT_PARAM)) ?? localize('/home');
  const goOn = useSkippableTransition(target, CONNEXION_TRANSITION_MS);

  return <ConnexionTransition title={title} pseudo={player?.pseudo ?? null} onSkip={goOn} />;
}
