import { useTranslation } from 'react-i18next';
import { issueKeyOf } from './issue-message';

/** Words a problem of the chapter in the reader's language (see issue-message.ts). */
export const useIssueMessage = () => {
  const { t } = useTranslation('contentAuthoring');
  return (message: string): string => {
    const known = issueKeyOf(message);
    if (!known) return message;
    const { language, ...values } = known.values;
    return t(`issues.${known.key}`, {
      ...values,
      ...(language === undefined ? {} : { language: t(`languages.${language as 'en' | 'fr'}`) }),
    });
  };
};
