import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { errorMessage } from '../../../lib/error-message';
import { useCreateDisplayLink, useDisplayLinks, useRevokeDisplayLink } from '../api/display-links';
import { useTimeFormat } from '../../../lib/use-time-format';
import styles from './cockpit.module.css';

/**
 * The projector view from the cockpit: a button that issues a display link and opens it in a new
 * window, and the session's links with who created them and a revoke button each. The token is
 * shown once, in the window it opens (or below when the browser blocks the window).
 */
export function CockpitProjector({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation('cockpit');
  const time = useTimeFormat();
  const links = useDisplayLinks(sessionUuid);
  const create = useCreateDisplayLink(sessionUuid);
  const revoke = useRevokeDisplayLink(sessionUuid);
  const [blocked, setBlocked] = useState<string | null>(null);

  const open = () => {
    // Opened at once (still inside the click), then sent to the link: browsers block a window
    // opened after an await. `noopener` is not set here, or the handle would be null; the page
    // cuts the tie itself below.
    const display = window.open('about:blank', '_blank');
    create.mutate(undefined, {
      onSuccess: ({ path }) => {
        const url = `${window.location.origin}${path}`;
        if (display) {
          display.opener = null;
          display.location.href = url;
          setBlocked(null);
        } else setBlocked(url);
      },
      onError: () => display?.close(),
    });
  };

  return (
    <Panel
      id="cockpit-projector"
      title={t('projector.title')}
      testId="cockpit-projector"
      actions={
        <Button onClick={open} disabled={create.isPending}>
          {create.isPending ? t('projector.opening') : t('projector.open')}
        </Button>
      }
    >
      <p className={panelStyles.muted}>{t('projector.hint')}</p>
      {create.isError && (
        <p className={styles.warning} role="alert">
          {errorMessage(t, create.error)}
        </p>
      )}
      {blocked && (
        <p role="status">
          {t('projector.popupBlocked')}{' '}
          <a href={blocked} target="_blank" rel="noreferrer">
            {blocked}
          </a>
        </p>
      )}
      {links.data && links.data.links.length === 0 && (
        <p className={panelStyles.muted}>{t('projector.empty')}</p>
      )}
      {links.data && links.data.links.length > 0 && (
        <ul className={panelStyles.log} aria-label={t('projector.title')}>
          {links.data.links.map((link) => (
            <li key={link.uuid} className={panelStyles.logRow} data-testid="display-link">
              <span>
                {t('projector.created', {
                  when: time(link.createdAt),
                  who: link.createdBy.pseudo,
                })}
              </span>
              {link.revokedAt ? (
                <span className={panelStyles.muted}>
                  {t('projector.revokedBy', {
                    when: time(link.revokedAt),
                    who: link.revokedBy?.pseudo ?? '',
                  })}
                </span>
              ) : (
                <span>
                  <Button
                    variant="danger"
                    onClick={() => revoke.mutate(link.uuid)}
                    disabled={revoke.isPending}
                    aria-label={t('projector.revokeLabel', { when: time(link.createdAt) })}
                  >
                    {t('projector.revoke')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
