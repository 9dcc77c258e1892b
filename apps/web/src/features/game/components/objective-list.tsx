import {
  difficultyLabels,
  objectiveCategories,
  type Difficulty,
  type PlayObjective,
} from '@rampart/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/ui/form/form.module.css';
import { OpenIcon } from '../../../components/ui/icons/open-icon';
import { filterObjectives, objectiveLists, type ObjectiveFilters } from '../lib/objective-filters';
import styles from './objective-list.module.css';

interface ObjectiveListProps {
  objectives: readonly PlayObjective[];
  filters: ObjectiveFilters;
  onFiltersChange: (filters: ObjectiveFilters) => void;
  selected: string | null;
  onSelect: (uuid: string) => void;
  /** Opens the objective in the challenge modal. */
  onOpen: (uuid: string) => void;
  /** The team is eliminated: nothing it has not solved is open to it any more. */
  eliminated?: boolean;
}

/**
 * The objectives: lists (all, followed, in progress, completed), filters, and two ways in to
 * each: select it (the detail pane or tab shows it) or open it in a modal.
 */
export function ObjectiveList({
  objectives,
  filters,
  onFiltersChange,
  selected,
  onSelect,
  onOpen,
  eliminated = false,
}: ObjectiveListProps) {
  const { t } = useTranslation(['game', 'content']);
  const id = useId();
  const shown = filterObjectives(objectives, filters);
  const categories = objectiveCategories.filter((category) =>
    objectives.some((objective) => objective.category === category),
  );
  return (
    <div className={styles.pane}>
      <div className={styles.lists} role="group" aria-label={t('list.label')}>
        {objectiveLists.map((list) => (
          <button
            key={list}
            type="button"
            className={styles.listButton}
            aria-pressed={filters.list === list}
            onClick={() => onFiltersChange({ ...filters, list })}
          >
            {t(`list.${list}`)}
          </button>
        ))}
      </div>
      <div className={styles.filters}>
        <div className={styles.filter}>
          <label className={formStyles.label} htmlFor={`${id}-category`}>
            {t('filter.category')}
          </label>
          <select
            id={`${id}-category`}
            className={`${formStyles.input} ${styles.select}`}
            value={filters.category}
            onChange={(event) =>
              onFiltersChange({
                ...filters,
                category: event.target.value as ObjectiveFilters['category'],
              })
            }
          >
            <option value="any">{t('filter.any')}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {t(`content:categories.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filter}>
          <label className={formStyles.label} htmlFor={`${id}-difficulty`}>
            {t('filter.difficulty')}
          </label>
          <select
            id={`${id}-difficulty`}
            className={`${formStyles.input} ${styles.select}`}
            value={String(filters.difficulty)}
            onChange={(event) =>
              onFiltersChange({
                ...filters,
                difficulty: event.target.value === 'any' ? 'any' : Number(event.target.value),
              })
            }
          >
            <option value="any">{t('filter.any')}</option>
            {[1, 2, 3, 4, 5].map((level) => (
              <option key={level} value={level}>
                {t(`content:difficulty.levels.${difficultyLabels[level as Difficulty]}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>{t('list.empty')}</p>
      ) : (
        <ul className={styles.items}>
          {shown.map((objective) => (
            <li key={objective.uuid} className={styles.row}>
              <button
                type="button"
                className={styles.item}
                aria-current={objective.uuid === selected ? 'true' : undefined}
                data-state={
                  objective.solved
                    ? 'solved'
                    : eliminated || objective.closedReason
                      ? 'closed'
                      : objective.locked
                        ? 'locked'
                        : 'open'
                }
                onClick={() => onSelect(objective.uuid)}
              >
                <span className={styles.title}>{objective.title}</span>
                <span className={styles.meta}>
                  {t('objective.points', { count: objective.points })}
                  {' · '}
                  {t(
                    `content:difficulty.levels.${difficultyLabels[objective.difficulty as Difficulty]}`,
                  )}
                  {' · '}
                  <span className={styles.state}>
                    {objective.solved
                      ? t('state.solved')
                      : eliminated
                        ? t('state.eliminated')
                        : objective.closedReason === 'no_attempts_left'
                          ? t('state.noAttemptsLeft')
                          : objective.locked
                            ? t('state.locked')
                            : objective.inProgress
                              ? t('state.inProgress')
                              : t('state.open')}
                  </span>
                  {objective.followed && ` · ${t('state.followed')}`}
                  {objective.speedrun && (
                    <>
                      {' · '}
                      <span className={styles.speedrun}>{t('state.speedrun')}</span>
                    </>
                  )}
                </span>
              </button>
              <button
                type="button"
                className={styles.open}
                aria-label={t('list.open', { title: objective.title })}
                title={t('list.openHint')}
                onClick={() => onOpen(objective.uuid)}
              >
                <OpenIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
