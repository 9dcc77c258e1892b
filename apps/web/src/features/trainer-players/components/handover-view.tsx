import type { PlayerHandover } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import formStyles from '../../../components/ui/form/form.module.css';
import styles from './players.module.css';

/** A login link or temporary password, shown once, with a copy button and the warning that goes with it. */
export function HandoverView({
  username,
  handover,
  compact = false,
}: {
  username: string;
  handover: PlayerHandover;
  /** In a list of many (an import report): no warning on each. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('players');
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const value = handover.kind === 'magic_link' ? handover.url : handover.password;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className={styles.handover}>
      <label htmlFor={id} className={formStyles.label}>
        {handover.kind === 'magic_link'
          ? t('handover.link', { username })
          : t('handover.password', { username })}
      </label>
      <div className={styles.secret}>
        <input
          id={id}
          className={formStyles.input}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('handover.copy')}
        </Button>
      </div>
      <p className={formStyles.hint} aria-live="polite">
        {copied === 'yes' && t('handover.copied')}
        {copied === 'failed' && t('handover.copyFailed')}
      </p>
      {handover.kind === 'magic_link' && (
        <p className={formStyles.hint}>
          {t('handover.expires', {
            date: new Date(handover.expiresAt).toLocaleString(i18n.language),
          })}
        </p>
      )}
      {!compact && (
        <p className={formStyles.warning}>
          {handover.kind === 'magic_link'
            ? t('handover.warningLink')
            : t('handover.warningPassword')}
        </p>
      )}
    </div>
  );
}
