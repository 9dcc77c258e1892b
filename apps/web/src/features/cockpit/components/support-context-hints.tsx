import type { SupportContext, SupportHint } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { panelStyles } from '../../../components/ui/panel/panel';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useGiveHint } from '../api/session-actions';
import { useTimeFormat } from '../../../lib/use-time-format';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';
import styles from './support-context-panel.module.css';

/**
 * The objective's hints beside a team's question: each with its text (the trainers may read them
 * all), and how the team got it, for how much; one it does not have can be given to it for free,
 * after a confirmation. The `hint.unlocked` event refreshes the context (see `useCockpitStream`).
 */
export function SupportContextHints({
  sessionUuid,
  context,
}: {
  sessionUuid: string;
  context: SupportContext;
}) {
  const { t, i18n } = useTranslation('cockpit');
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const [asked, setAsked] = useState<SupportHint | null>(null);
  return (
    <>
      <h4 className={styles.subheading}>{t('supportContext.hints')}</h4>
      {context.hints.length === 0 ? (
        <p className={panelStyles.muted}>{t('supportContext.noHints')}</p>
      ) : (
        <ol className={styles.hints}>
          {context.hints.map((hint) => (
            <li
              key={hint.uuid}
              className={styles.hint}
              data-testid="support-hint"
              data-unlocked={hint.unlock !== null}
            >
              <p className={styles.hintLine}>
                <strong>{t('supportContext.hintPosition', { position: hint.position })}</strong>
                <span className={panelStyles.muted}>
                  {t('supportContext.hintCost', { count: hint.cost })}
                </span>
                <HintUnlock hint={hint} />
              </p>
              <div className={styles.hintText}>
                <Markdown headingLevel={5}>{hint.text[lang]}</Markdown>
              </div>
              {hint.unlock === null && (
                <Button variant="secondary" onClick={() => setAsked(hint)}>
                  {t('supportContext.give')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {asked && (
        <GiveHint
          sessionUuid={sessionUuid}
          team={context.team}
          hint={asked}
          onClose={() => setAsked(null)}
        />
      )}
    </>
  );
}

function HintUnlock({ hint }: { hint: SupportHint }) {
  const { t } = useTranslation('cockpit');
  const time = useTimeFormat();
  const { unlock } = hint;
  if (!unlock) return <span data-state="locked">{t('supportContext.hintLocked')}</span>;
  const at = time(unlock.at);
  return (
    <span data-state={unlock.free ? 'free' : 'bought'} className={styles.hintState}>
      {unlock.free
        ? t('supportContext.hintGiven', { pseudo: unlock.by, time: at })
        : t('supportContext.hintBought', { count: unlock.charged, pseudo: unlock.by, time: at })}
    </span>
  );
}

function GiveHint({
  sessionUuid,
  team,
  hint,
  onClose,
}: {
  sessionUuid: string;
  team: SupportContext['team'];
  hint: SupportHint;
  onClose: () => void;
}) {
  const { t } = useTranslation('cockpit');
  const give = useGiveHint(sessionUuid);
  const names = { position: hint.position, team: team.name };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('supportContext.giveTitle', names)}
      description={t('supportContext.giveDescription', {
        cost: t('supportContext.hintCost', { count: hint.cost }),
      })}
      confirmText={t('supportContext.giveConfirm')}
      pending={give.isPending}
      error={give.isError ? errorMessage(t, give.error) : null}
      onConfirm={() =>
        give.mutate(
          { team: team.uuid, hint: hint.uuid },
          {
            onSuccess: ({ alreadyUnlocked }) => {
              toast.success(
                t(alreadyUnlocked ? 'supportContext.alreadyGiven' : 'supportContext.given', names),
              );
              onClose();
            },
          },
        )
      }
    />
  );
}
