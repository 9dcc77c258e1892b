import type { CookieLifetime } from '@rampart/contracts';
import type { TFunction } from 'i18next';

/** "365 days", "30 minutes", "Session", "Set by the identity provider" — plurals by i18n. */
export const formatCookieLifetime = (t: TFunction<'cookies'>, lifetime: CookieLifetime): string => {
  switch (lifetime.kind) {
    case 'session':
      return t('lifetime.session');
    case 'provider':
      return t('lifetime.provider');
    case 'days':
      return t('lifetime.days', { count: lifetime.days });
    case 'minutes':
      return t('lifetime.minutes', { count: lifetime.minutes });
  }
};
