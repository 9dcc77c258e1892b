import { adjustmentLimits, type CockpitTeam } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import form from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useAdjustScore } from '../api/trainer-cockpit';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';

type Problem = 'points' | 'reason' | null;

/** Points the form accepts: a whole number, not zero, within the contract's limits. */
const parsePoints = (text: string): number | null => {
  const points = Number(text.trim());
  return text.trim() !== '' &&
    Number.isInteger(points) &&
    points !== 0 &&
    Math.abs(points) <= adjustmentLimits.points
    ? points
    : null;
};

/**
 * Adds or removes points to a team, with the reason every player of the session reads (a ledger
 * row, an audit row). The dialog says the score it will lead to before the trainer confirms; the
 * new score then arrives on the stream.
 */
export function AdjustScoreDialog({
  sessionUuid,
  team,
  onClose,
}: {
  sessionUuid: string;
  team: CockpitTeam;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cockpit', 'trainer']);
  const id = useId();
  const adjust = useAdjustScore(sessionUuid);
  const [pointsText, setPointsText] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const points = parsePoints(pointsText);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('adjust.title', { team: team.name })}
      description={t('adjust.description')}
      confirmText={t('adjust.confirm')}
      pending={adjust.isPending}
      error={adjust.isError ? errorMessage(t, adjust.error) : null}
      onConfirm={() => {
        const lacking = points === null ? 'points' : reason.trim() === '' ? 'reason' : null;
        if (lacking || points === null) {
          setProblem(lacking);
          document.getElementById(`${id}-${lacking}`)?.focus();
          return;
        }
        adjust.mutate(
          { team: team.uuid, points, reason: reason.trim() },
          {
            onSuccess: ({ adjustment }) => {
              toast.success(t('adjust.done', { team: team.name, score: adjustment.score }));
              onClose();
            },
          },
        );
      }}
    >
      <div className={form.form}>
        <div className={form.field}>
          <label htmlFor={`${id}-points`} className={form.label}>
            {t('adjust.points')}
          </label>
          <input
            id={`${id}-points`}
            className={form.input}
            type="number"
            inputMode="numeric"
            step={1}
            min={-adjustmentLimits.points}
            max={adjustmentLimits.points}
            value={pointsText}
            aria-invalid={problem === 'points' || undefined}
            aria-describedby={`${id}-points-hint${problem === 'points' ? ` ${id}-points-error` : ''}`}
            onChange={(event) => {
              setPointsText(event.target.value);
              setProblem(null);
            }}
          />
          <p id={`${id}-points-hint`} className={form.hint}>
            {points === null
              ? t('adjust.pointsHint', { max: adjustmentLimits.points })
              : t('adjust.preview', { from: team.score, to: team.score + points })}
          </p>
          {problem === 'points' && (
            <p id={`${id}-points-error`} className={form.error}>
              {t('adjust.pointsInvalid', { max: adjustmentLimits.points })}
            </p>
          )}
        </div>
        <div className={form.field}>
          <label htmlFor={`${id}-reason`} className={form.label}>
            {t('adjust.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className={form.input}
            value={reason}
            maxLength={adjustmentLimits.reasonLength}
            rows={3}
            aria-invalid={problem === 'reason' || undefined}
            aria-describedby={`${id}-reason-hint${problem === 'reason' ? ` ${id}-reason-error` : ''}`}
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(null);
            }}
          />
          <p id={`${id}-reason-hint`} className={form.hint}>
            {t('adjust.reasonHint')}
          </p>
          {problem === 'reason' && (
            <p id={`${id}-reason-error`} className={form.error}>
              {t('adjust.reasonRequired')}
            </p>
          )}
        </div>
      </div>
    </ConfirmDialog>
  );
}
