import type { ErrorCode } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './display.module.css';

/** A link revoked, lapsed or unknown: said plainly, with what to do. */
export function DisplayRefusedMessage({ code }: { code: ErrorCode | null }) {
  const { t } = useTranslation('display');
  const reason =
    code === 'display.link_revoked'
      ? 'revoked'
      : code === 'display.link_expired'
        ? 'expired'
        : 'invalid';
  return (
    <div className={styles.centre} data-refused={reason}>
      <h1 className={styles.message}>{t(`refused.${reason}`)}</h1>
      <p className={styles.hint}>{t('refused.hint')}</p>
    </div>
  );
}
