import { isApiError } from '../../../lib/api-client';
import type { AnyTFunction } from '../../../lib/error-message';

/**
 * The field errors of a `request.invalid` answer, translated, by field name: the server names
 * body fields `body.<field>` and says why with a code (`password.too_weak`) or zod's own words.
 */
export const fieldIssues = (t: AnyTFunction, error: unknown): Record<string, string> => {
  if (!isApiError(error) || error.code !== 'request.invalid') return {};
  // Issue messages are data from the server: the key is dynamic, hence the untyped call.
  const translate = t as unknown as (key: string, options: { defaultValue: string }) => string;
  const fallback = t('profile:issues.invalid');
  const issues: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\./, '');
    issues[field] ??= translate(`profile:issues.${issue.message}`, { defaultValue: fallback });
  }
  return issues;
};
