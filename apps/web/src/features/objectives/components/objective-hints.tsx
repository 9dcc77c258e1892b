import type { PlayHint, PlayObjective } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import formStyles from '../../../components/ui/form/form.module.css';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { errorMessage } from '../../../lib/error-message';
import type { ObjectivePlay } from '../lib/objective-play';
import styles from './objective-hints.module.css';

/**
 * An objective's hints: each with its place and cost; its text once the team unlocked it. The
 * next hint can be unlocked (hints go in order) after a confirmation that states its cost.
 */
export function ObjectiveHints({
  unlock,
  objective,
  canUnlock,
}: {
  unlock: ObjectivePlay['unlockHint'];
  objective: PlayObjective;
  /** Whether the team may still unlock: the objective is open and the team in the game. */
  canUnlock: boolean;
}) {
  const { t } = useTranslation(['game', 'errors']);
  const [asked, setAsked] = useState<PlayHint | null>(null);
  if (objective.hints.length === 0) return null;
  const next = objective.hints.find((hint) => !hint.unlocked);
  const confirm = () => {
    if (!asked) return;
    unlock.mutate(
      { objective: objective.uuid, hint: asked.uuid },
      { onSuccess: () => setAsked(null) },
    );
  };
  return (
    <section className={styles.hints} aria-label={t('hints.title')}>
      <h3 className={styles.title}>{t('hints.title')}</h3>
      <ol className={styles.list}>
        {objective.hints.map((hint) => (
          <li key={hint.uuid} className={styles.hint}>
            <p className={styles.head}>
              <span className={styles.name}>{t('hints.name', { position: hint.position })}</span>
              <span className={styles.cost}>
                {/* The content editor's preview shows hints open, bought by nobody: their cost. */}
                {hint.unlocked && hint.unlockedBy !== null
                  ? hint.free
                    ? t('hints.given', { pseudo: hint.unlockedBy })
                    : t('hints.paid', { count: hint.charged ?? 0, pseudo: hint.unlockedBy })
                  : hint.cost === 0
                    ? t('hints.free')
                    : t('hints.cost', { count: hint.cost })}
              </span>
            </p>
            {hint.unlocked && hint.text !== null ? (
              <>
                <Markdown headingLevel={4}>{hint.text}</Markdown>
                {hint.files.length > 0 && (
                  <ul className={styles.files} aria-label={t('hints.files')}>
                    {hint.files.map((file) => (
                      <li key={file.uuid}>
                        <a href={file.url} download={file.name}>
                          {file.name}
                        </a>{' '}
                        {t('detail.size', { size: Math.ceil(file.size / 1024) })}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ) : (
              canUnlock &&
              hint === next && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    unlock.reset();
                    setAsked(hint);
                  }}
                >
                  {t('hints.unlock', { position: hint.position })}
                </Button>
              )
            )}
          </li>
        ))}
      </ol>
      <Dialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={t('hints.confirmTitle', { position: asked?.position ?? 0 })}
        description={
          asked?.cost
            ? t('hints.confirm', { position: asked.position, count: asked.cost })
            : t('hints.confirmFree', { position: asked?.position ?? 0 })
        }
        closeLabel={t('hints.close')}
        closeText={t('hints.cancel')}
        size="narrow"
        actions={
          <Button disabled={unlock.isPending} onClick={confirm} data-testid="confirm-hint">
            {asked?.cost
              ? t('hints.confirmButton', { count: asked.cost })
              : t('hints.confirmButtonFree')}
          </Button>
        }
      >
        <p className={formStyles.hint}>{t('hints.forTeam')}</p>
        {unlock.isError && (
          <p className={formStyles.error} role="alert">
            {errorMessage(t, unlock.error, 'session')}
          </p>
        )}
      </Dialog>
    </section>
  );
}
