import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';

/** Console and VPN until lab environments exist: the spec's own message, in the real layout. */
export function EnvironmentUnavailable() {
  const { t } = useTranslation('game');
  return <EmptyState title={t('environment.unavailable')} hint={t('environment.hint')} />;
}
