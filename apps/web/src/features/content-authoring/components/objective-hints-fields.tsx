import type { FieldIssue } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { generateId } from '../../../lib/random-id';
import type { ObjectiveDraft } from '../lib/chapter-draft';
import { FieldGroup, LocalizedField, NumberField } from './fields';
import styles from './editor.module.css';

type HintDraft = ObjectiveDraft['hints'][number];

/**
 * An objective's hints, in the order teams unlock them: each a text in both languages side by
 * side and a cost in points; moved, removed or added here. The preview shows them open.
 */
export function ObjectiveHintsFields({
  hints,
  path,
  issues,
  onChange,
}: {
  hints: readonly HintDraft[];
  path: string;
  issues: readonly FieldIssue[];
  onChange: (hints: HintDraft[]) => void;
}) {
  const { t } = useTranslation('contentAuthoring');
  const replace = (index: number, patch: Partial<HintDraft>) =>
    onChange(hints.map((hint, at) => (at === index ? { ...hint, ...patch } : hint)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...hints];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  return (
    <FieldGroup legend={t('hints.heading')}>
      <p className={styles.muted}>{t('hints.about')}</p>
      {hints.map((hint, index) => (
        <div key={hint.uuid ?? index} className={styles.hintItem} data-testid="hint-fields">
          <LocalizedField
            label={t('hints.text', { position: index + 1 })}
            path={`${path}.hints[${index}].text`}
            issues={issues}
            multiline
            value={hint.text}
            onChange={(text) => replace(index, { text })}
          />
          <div className={styles.hintActions}>
            <NumberField
              label={t('hints.cost', { position: index + 1 })}
              path={`${path}.hints[${index}].cost`}
              issues={issues}
              min={0}
              value={hint.cost}
              onChange={(cost) => replace(index, { cost: cost ?? Number.NaN })}
            />
            <Button
              variant="secondary"
              disabled={index === 0}
              onClick={() => move(index, -1)}
              aria-label={t('hints.moveUp', { position: index + 1 })}
            >
              ↑
            </Button>
            <Button
              variant="secondary"
              disabled={index === hints.length - 1}
              onClick={() => move(index, 1)}
              aria-label={t('hints.moveDown', { position: index + 1 })}
            >
              ↓
            </Button>
            <Button
              variant="secondary"
              onClick={() => onChange(hints.filter((_, at) => at !== index))}
            >
              {t('hints.remove', { position: index + 1 })}
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            onChange([
              ...hints,
              { uuid: generateId(), text: { en: '', fr: '' }, cost: 10, files: [] },
            ])
          }
        >
          {t('hints.add')}
        </Button>
      </div>
    </FieldGroup>
  );
}
