import { pickLocale, type Locale } from '@rampart/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import formStyles from '../../../components/ui/form/form.module.css';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useAppInfo, useDocumentTitle } from '../../../lib/app-info';
import { useTrainerChapters, useTrainerPlayers } from '../api/players';
import {
  ChaptersDialog,
  MagicLinkDialog,
  NewPlayerDialog,
  ResetPasswordDialog,
  type TrainerPlayer,
} from '../components/player-dialogs';
import { PlayerIdentityDialog } from '../components/player-identity-dialog';
import { PlayersImportDialog } from '../components/players-import';
import styles from '../components/players.module.css';
import { TrainerShell } from '../../trainer-shell/components/trainer-shell';

type Open =
  | { kind: 'new' }
  | { kind: 'import' }
  | { kind: 'chapters' | 'reset' | 'magic' | 'identity'; player: TrainerPlayer }
  | null;

/**
 * The trainer's players: list and search, creation, CSV import, chapters, password help, and
 * the link to the organisation's account when sign-in with a provider is configured.
 */
export default function TrainerPlayersScreen() {
  const { t, i18n } = useTranslation('players');
  useDocumentTitle(t('title'));
  const locale = (i18n.language === 'en' ? 'en' : 'fr') as Locale;
  const searchId = useId();
  const { signInProvider } = useAppInfo();
  const players = useTrainerPlayers();
  const chapters = useTrainerChapters();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  const chaptersOf = useMemo(() => {
    const byPlayer = new Map<string, string[]>();
    for (const chapter of chapters.data?.chapters ?? []) {
      for (const assignee of chapter.assignees) {
        byPlayer.set(assignee.id, [
          ...(byPlayer.get(assignee.id) ?? []),
          pickLocale(chapter.title, locale),
        ]);
      }
    }
    return byPlayer;
  }, [chapters.data, locale]);

  const needle = query.trim().toLowerCase();
  const shown = (players.data?.players ?? []).filter(
    (player) =>
      !needle ||
      player.username.toLowerCase().includes(needle) ||
      player.pseudo.toLowerCase().includes(needle),
  );
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const body = () => {
    if (players.isPending) return <SectionLoading lines={5} />;
    if (players.isError)
      return <SectionError error={players.error} onRetry={() => void players.refetch()} />;
    if (players.data.players.length === 0)
      return (
        <EmptyState
          title={t('empty.title')}
          hint={t('empty.hint')}
          action={
            <Button onClick={() => setOpen({ kind: 'import' })}>{t('actions.import')}</Button>
          }
        />
      );
    if (shown.length === 0) return <p className={styles.muted}>{t('noMatch', { query })}</p>;
    return (
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.username')}</th>
              <th scope="col">{t('table.pseudo')}</th>
              <th scope="col">{t('table.locale')}</th>
              <th scope="col">{t('table.chapters')}</th>
              <th scope="col">{t('table.lastActivity')}</th>
              <th scope="col">{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((player) => {
              const assigned = chaptersOf.get(player.uuid) ?? [];
              return (
                <tr key={player.uuid}>
                  <td data-label={t('table.username')}>
                    <strong>{player.username}</strong>
                  </td>
                  <td data-label={t('table.pseudo')}>{player.pseudo}</td>
                  <td data-label={t('table.locale')}>{t(`locales.${player.locale}`)}</td>
                  <td data-label={t('table.chapters')}>
                    {assigned.length > 0 ? (
                      assigned.join(', ')
                    ) : (
                      <span className={styles.muted}>{t('table.noChapter')}</span>
                    )}
                  </td>
                  <td data-label={t('table.lastActivity')}>
                    {player.lastActivityAt ? (
                      dateFormat.format(new Date(player.lastActivityAt))
                    ) : (
                      <span className={styles.muted}>{t('table.never')}</span>
                    )}
                  </td>
                  <td data-label={t('table.actions')}>
                    <div
                      className={styles.rowActions}
                      role="group"
                      aria-label={t('actions.for', { username: player.username })}
                    >
                      <Button
                        variant="secondary"
                        disabled={!chapters.isSuccess}
                        onClick={() => setOpen({ kind: 'chapters', player })}
                      >
                        {t('actions.chapters')}
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => setOpen({ kind: 'magic', player })}
                      >
                        {t('actions.magicLink')}
                      </Button>
                      {signInProvider && (
                        <Button
                          variant="secondary"
                          onClick={() => setOpen({ kind: 'identity', player })}
                        >
                          {t('actions.identity')}
                        </Button>
                      )}
                      <Button variant="ghost" onClick={() => setOpen({ kind: 'reset', player })}>
                        {t('actions.reset')}
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  };

  return (
    <TrainerShell>
      <section className={styles.screen} aria-labelledby="trainer-players-title">
        <h1 id="trainer-players-title" className={styles.title}>
          {t('title')}
        </h1>
        <p className={styles.description}>{t('description')}</p>
        <div className={styles.toolbar}>
          <div className={`${formStyles.field} ${styles.search}`}>
            <label htmlFor={searchId} className={formStyles.label}>
              {t('search.label')}
            </label>
            <input
              id={searchId}
              type="search"
              className={formStyles.input}
              placeholder={t('search.placeholder')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
          </div>
          <Button onClick={() => setOpen({ kind: 'new' })}>{t('actions.new')}</Button>
          <Button variant="secondary" onClick={() => setOpen({ kind: 'import' })}>
            {t('actions.import')}
          </Button>
        </div>
        {players.isSuccess && (
          <p className={styles.count} aria-live="polite">
            {t('table.count', { count: shown.length })}
          </p>
        )}
        {body()}
        <NewPlayerDialog open={open?.kind === 'new'} onOpenChange={close} />
        <PlayersImportDialog open={open?.kind === 'import'} onOpenChange={close} />
        {open?.kind === 'reset' && (
          <ResetPasswordDialog open onOpenChange={close} player={open.player} />
        )}
        {open?.kind === 'magic' && (
          <MagicLinkDialog open onOpenChange={close} player={open.player} />
        )}
        {open?.kind === 'identity' && signInProvider && (
          <PlayerIdentityDialog
            open
            onOpenChange={close}
            player={open.player}
            providerLabel={signInProvider.label}
          />
        )}
        {open?.kind === 'chapters' && chapters.isSuccess && (
          <ChaptersDialog
            open
            onOpenChange={close}
            player={open.player}
            chapters={chapters.data.chapters}
          />
        )}
      </section>
    </TrainerShell>
  );
}
