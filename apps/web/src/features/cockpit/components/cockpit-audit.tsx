import type { AuditEntry, Cockpit } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useSessionAudit } from '../api/trainer-cockpit';
import { useTimeFormat } from '../../../lib/use-time-format';
import styles from './cockpit-audit.module.css';

/**
 * Every trainer action on the session, newest first: who, when, what, on what, and why. Read
 * again after each action of this console and on the stream's announcements of the others'.
 */
export function CockpitAudit({ sessionUuid, cockpit }: { sessionUuid: string; cockpit?: Cockpit }) {
  const { t } = useTranslation('cockpit');
  const [pages, setPages] = useState(1);
  const audit = useSessionAudit(sessionUuid, pages);
  const entries = audit.data?.entries ?? [];
  return (
    <Panel id="cockpit-audit" title={t('audit.title')} testId="cockpit-audit">
      {audit.isPending ? (
        <SectionLoading lines={3} />
      ) : audit.isError ? (
        <SectionError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <p className={panelStyles.muted}>{t('audit.empty')}</p>
      ) : (
        // The list scrolls on its own: a keyboard must reach it to scroll it.
        <ol className={panelStyles.log} tabIndex={0} aria-label={t('audit.title')}>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} cockpit={cockpit} />
          ))}
        </ol>
      )}
      {audit.data?.hasMore && (
        <Button
          variant="secondary"
          onClick={() => setPages((count) => count + 1)}
          disabled={audit.isPlaceholderData}
        >
          {t('audit.older')}
        </Button>
      )}
    </Panel>
  );
}

/** The team or objective acted on, by name when the cockpit knows it. */
const useTargetName = (entry: AuditEntry, cockpit?: Cockpit) => {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  if (entry.targetUuid === null) return null;
  const team = cockpit?.teams.find((candidate) => candidate.uuid === entry.targetUuid);
  if (team) return team.name;
  const objective = cockpit?.objectives.find((candidate) => candidate.uuid === entry.targetUuid);
  if (objective) return objective.title[lang];
  // A player acted on (moved, removed) or a team gone since: named as the entry recorded it.
  const named = [entry.details.title, entry.details.pseudo, entry.details.name].find(
    (value) => typeof value === 'string',
  );
  return typeof named === 'string' ? named : null;
};

function AuditRow({ entry, cockpit }: { entry: AuditEntry; cockpit?: Cockpit }) {
  const { t, i18n } = useTranslation('cockpit');
  const time = useTimeFormat();
  const target = useTargetName(entry, cockpit);
  const points = entry.details.points;
  // Actions added later have no translation yet: their name is shown as recorded.
  const translate = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return (
    <li className={panelStyles.logRow} data-testid="audit-entry" data-action={entry.action}>
      <div className={panelStyles.logLine}>
        <strong>
          {translate(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
        </strong>
        {target && <span>{target}</span>}
        {typeof points === 'number' && (
          <span className={styles.points}>
            {new Intl.NumberFormat(i18n.language, { signDisplay: 'always' }).format(points)}
          </span>
        )}
        <time className={panelStyles.logTime} dateTime={entry.createdAt}>
          {time(entry.createdAt)}
        </time>
      </div>
      <div className={panelStyles.logLine}>
        <span className={panelStyles.muted}>
          {t('audit.by', { trainer: entry.trainer.pseudo })}
        </span>
        {entry.reason && <q className={styles.reason}>{entry.reason}</q>}
      </div>
    </li>
  );
}
