import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Times of the cockpit (a submission, a solve, an audit row) in the UI language, to the second. */
export const useTimeFormat = () => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    return (instant: string) => format.format(new Date(instant));
  }, [i18n.language]);
};
