import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button/button';
import { SessionStatusBadge, sessionPath, type Home } from '../../content';
import { useLocalizedPath } from '../../../lib/locale';
import card from '../../../components/ui/card/card.module.css';
import styles from './ongoing-mission-item.module.css';

type OngoingMission = Home['ongoingMissions'][number];

/** A mission the player is playing in a session: where it belongs and the way back in. */
export function OngoingMissionItem({ mission }: { mission: OngoingMission }) {
  const { t } = useTranslation('content');
  const localize = useLocalizedPath();
  return (
    <li className={`${card.card} ${card.tight}`}>
      <div className={card.top}>
        <h3 className={card.title}>{mission.missionTitle}</h3>
        <SessionStatusBadge status={mission.sessionStatus} />
      </div>
      {/* Not <Trans>: it would grow the i18n chunk every page loads first. */}
      <p className={card.subtitle}>
        {t('home.missionChapter')}{' '}
        <Link to={localize(`/chapters/${mission.chapter_uuid}`)}>{mission.chapterTitle}</Link>
      </p>
      <ButtonLink
        variant="secondary"
        className={`${card.action} ${styles.action}`}
        to={localize(sessionPath({ uuid: mission.sessionUuid, status: mission.sessionStatus }))}
        aria-label={t('sessionCard.resumeLabel', { name: mission.missionTitle })}
      >
        {t('sessionCard.resume')}
      </ButtonLink>
    </li>
  );
}
