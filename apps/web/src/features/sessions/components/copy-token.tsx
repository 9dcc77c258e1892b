import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import styles from './copy-token.module.css';

/** The team's token, to give to teammates: readable, selectable, one click to copy. */
export function CopyToken({ token }: { token: string }) {
  const { t } = useTranslation('sessions');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // Clipboard refused (permissions, insecure origin): the token stays selectable.
      document.getElementById(id)?.focus();
    }
  };
  return (
    <div className={styles.token}>
      <label className={styles.label} htmlFor={id}>
        {t('token.label')}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.value}
          value={token}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void handleCopy()}>
          {copied ? t('token.copied') : t('token.copy')}
        </Button>
      </div>
      <p className={styles.hint} role="status">
        {copied ? t('token.copiedHint') : t('token.hint')}
      </p>
    </div>
  );
}
