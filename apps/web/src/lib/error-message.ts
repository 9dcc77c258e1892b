import type { Namespace, TFunction } from 'i18next';
import { isApiError } from './api-error';

/** The `t` of any `useTranslation()`, whatever its namespaces. */
export type AnyTFunction = TFunction<Namespace, undefined>;

/** Where the error is shown; a game session has its own fallback sentence. */
export type ErrorContext = 'session';

/**
 * The text to show for a failure: the translation of its code (`errors:<code>`), else the
 * fallback of the context. The server's own message is never shown.
 */
export const errorMessage = (t: AnyTFunction, error: unknown, context?: ErrorContext): string => {
  const fallback =
    context === 'session' ? t('errors:fallback.session') : t('errors:fallback.generic');
  if (!isApiError(error)) return fallback;
  // Codes are data from the server: the key is dynamic, hence the untyped call.
  const translate = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return translate(`errors:${error.code}`, { defaultValue: fallback });
};
