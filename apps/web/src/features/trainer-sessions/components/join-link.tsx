import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import styles from './join-link.module.css';

/** The player-facing join screen of a session (`sessionJoin` of the web routes), absolute. */
export const joinLinkOf = (sessionUuid: string, origin: string = window.location.origin) =>
  `${origin}/sessions/${encodeURIComponent(sessionUuid)}/join`;

/** The session's join link as plain text, selectable, one click to copy: to share with players. */
export function JoinLink({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation('trainer');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const link = joinLinkOf(sessionUuid);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // Clipboard refused (permissions, plain http): the link stays selectable.
      document.getElementById(id)?.focus();
    }
  };
  return (
    <div className={styles.join}>
      <label className={styles.label} htmlFor={id}>
        {t('joinLink.label')}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.value}
          value={link}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="join-link"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('joinLink.copied') : t('joinLink.copy')}
        </Button>
      </div>
      <p className={styles.hint} role="status">
        {copied ? t('joinLink.copiedHint') : t('joinLink.hint')}
      </p>
    </div>
  );
}
