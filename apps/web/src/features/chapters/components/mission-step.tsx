import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { MissionResultBadge, type ChapterMission } from '../../content';
import { MissionDisclosure } from './mission-disclosure';
import { MissionFacts } from './mission-facts';
import { ObjectivePreviewList } from './objective-preview-list';
import { PlayMissionButton } from './play-mission-button';
import styles from './mission-step.module.css';

/** One mission of a chapter, as a numbered step: its pitch, figures, result and details. */
export function MissionStep({ mission, number }: { mission: ChapterMission; number: number }) {
  const { t } = useTranslation('content');
  const titleId = useId();
  return (
    <li className={styles.step} data-result={mission.result ?? 'none'}>
      <span className={styles.marker} aria-hidden="true">
        {number}
      </span>
      <article className={styles.card} aria-labelledby={titleId}>
        <div className={styles.header}>
          <div className={styles.heading}>
            <p className={styles.stepLabel}>{t('mission.step', { number })}</p>
            <h3 id={titleId} className={styles.title}>
              {mission.title}
            </h3>
          </div>
          <MissionResultBadge result={mission.result} />
        </div>

        <Markdown headingLevel={4}>{mission.brief}</Markdown>

        <MissionFacts mission={mission} />

        <div className={styles.disclosures}>
          <MissionDisclosure summary={t('mission.scenario')}>
            <Markdown headingLevel={4}>{mission.scenario}</Markdown>
          </MissionDisclosure>
          <MissionDisclosure summary={t('mission.rules')}>
            <Markdown headingLevel={4}>{mission.rules}</Markdown>
          </MissionDisclosure>
          <MissionDisclosure
            summary={t('mission.objectiveList', { count: mission.objectives.length })}
          >
            <ObjectivePreviewList objectives={mission.objectives} />
          </MissionDisclosure>
        </div>

        <PlayMissionButton missionUuid={mission.uuid} missionTitle={mission.title} />
      </article>
    </li>
  );
}
