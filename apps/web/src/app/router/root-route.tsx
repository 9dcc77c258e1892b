import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingBar } from '../../components/ui/loading-bar/loading-bar';
import { useAppInfo } from '../../lib/app-info';
import { useInactivityLogout } from '../../features/auth';
import { useLocaleSync } from '../../lib/locale';
import { useFirstScreenDrawn, useWatchFirstScreen } from '../first-screen';
import { useOnPlayerScreen } from './screen-handle';

/** Shown while a navigation, a query or a mutation is under way. */
function AppLoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const active = navigation.state !== 'idle' || fetching > 0 || mutating > 0;
  return <LoadingBar active={active} label={t('a11y.loading')} />;
}

/** While the first screen's chunk loads. */
export function InitialLoading() {
  const { t } = useTranslation();
  return <LoadingBar active label={t('a11y.loading')} />;
}

export function RootRoute() {
  const { availableLocales } = useAppInfo();
  useLocaleSync(availableLocales);
  useWatchFirstScreen();
  // The trainer's console does not ask who the player is: a trainer has no player session
  // there, and each page would log the identity endpoint's 401. The watch's code loads once the
  // first screen is drawn.
  const onPlayerScreen = useOnPlayerScreen();
  const firstScreenDrawn = useFirstScreenDrawn();
  useInactivityLogout({ enabled: onPlayerScreen && firstScreenDrawn });
  return (
    <>
      <AppLoadingBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
