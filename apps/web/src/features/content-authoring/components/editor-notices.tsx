import type { FieldIssue, LiveSession } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/ui/form/form.module.css';
import { useIssueMessage } from '../lib/use-issue-message';
import styles from './editor.module.css';

const names = (sessions: readonly LiveSession[]) =>
  sessions.map((session) => session.name).join(', ');

/** Sessions playing the chapter now: a change applies forward (content/README.md). */
export function LiveNotice({ sessions }: { sessions: readonly LiveSession[] }) {
  const { t } = useTranslation('contentAuthoring');
  if (sessions.length === 0) return null;
  return (
    <p className={styles.notice}>
      {t('editor.live', { count: sessions.length, names: names(sessions) })}
    </p>
  );
}

export function SavedNotice({ sessions }: { sessions: readonly LiveSession[] }) {
  const { t } = useTranslation('contentAuthoring');
  return (
    <p className={formStyles.ok}>
      {sessions.length === 0
        ? t('editor.saved')
        : t('editor.savedLive', { count: sessions.length, names: names(sessions) })}
    </p>
  );
}

/** The server's problems with the chapter, each a way to its field. */
export function IssueSummary({
  issues,
  onGoTo,
}: {
  issues: readonly FieldIssue[];
  onGoTo: (path: string) => void;
}) {
  const { t } = useTranslation('contentAuthoring');
  const word = useIssueMessage();
  return (
    <div className={styles.issueBox} role="alert">
      <p className={formStyles.error}>{t('editor.invalid', { count: issues.length })}</p>
      <ul className={styles.issues}>
        {issues.map((issue) => (
          <li key={issue.path + issue.message}>
            <button type="button" className={styles.issueLink} onClick={() => onGoTo(issue.path)}>
              <code>{issue.path}</code>
            </button>{' '}
            {word(issue.message)}
          </li>
        ))}
      </ul>
    </div>
  );
}
