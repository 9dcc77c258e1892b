import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { SessionCard, type Home } from '../../content';
import { useLocalizedPath } from '../../../lib/locale';
import { ChapterCard } from './chapter-card';
import { ChapterRow } from './chapter-row';
import { HomeSection } from './home-section';
import styles from './home-sections.module.css';
import { OngoingMissionItem } from './ongoing-mission-item';

type HomePart =
  'assigned' | 'chapters' | 'ongoingMissions' | 'ongoingSessions' | 'joinableSessions';

interface PartContentProps<T> {
  part: HomePart;
  items: readonly T[];
  children: (items: readonly T[]) => ReactNode;
}

/** A part's list, or its empty state (never a blank). */
function PartContent<T>({ part, items, children }: PartContentProps<T>) {
  const { t } = useTranslation('content');
  if (items.length === 0) {
    return <EmptyState title={t(`home.${part}.empty`)} hint={t(`home.${part}.emptyHint`)} />;
  }
  return children(items);
}

/**
 * The five parts of home. Wide screens put the chapters on the left and what is
 * happening now (missions, sessions) on the right; narrow ones stack them in reading order.
 */
export function HomeSections({ home }: { home: Home }) {
  const { t } = useTranslation('content');
  const localize = useLocalizedPath();
  const hasSessions = home.ongoingSessions.length > 0;
  return (
    <div className={styles.grid}>
      <HomeSection
        id="assigned"
        className={styles.assigned}
        title={t('home.assigned.title')}
        description={t('home.assigned.description')}
      >
        <PartContent part="assigned" items={home.assignedChapters}>
          {(chapters) => (
            <ul className={styles.cards}>
              {chapters.map((chapter) => (
                <li key={chapter.chapter_uuid}>
                  <ChapterCard chapter={chapter} />
                </li>
              ))}
            </ul>
          )}
        </PartContent>
      </HomeSection>

      <div className={styles.activity}>
        <HomeSection id="ongoing-missions" title={t('home.ongoingMissions.title')}>
          <PartContent part="ongoingMissions" items={home.ongoingMissions}>
            {(missions) => (
              <ul className={styles.stack}>
                {missions.map((mission) => (
                  <OngoingMissionItem key={mission.sessionUuid} mission={mission} />
                ))}
              </ul>
            )}
          </PartContent>
        </HomeSection>

        <HomeSection
          id="ongoing-sessions"
          title={t('home.ongoingSessions.title')}
          aside={
            hasSessions && (
              <Link className={styles.more} to={localize('/currentsSessions')}>
                {t('home.ongoingSessions.all')}
              </Link>
            )
          }
        >
          <PartContent part="ongoingSessions" items={home.ongoingSessions}>
            {(sessions) => (
              <ul className={styles.stack}>
                {sessions.map((session) => (
                  <li key={session.uuid}>
                    <SessionCard session={session} action="resume" />
                  </li>
                ))}
              </ul>
            )}
          </PartContent>
        </HomeSection>

        <HomeSection id="joinable-sessions" title={t('home.joinableSessions.title')}>
          <PartContent part="joinableSessions" items={home.joinableSessions}>
            {(sessions) => (
              <ul className={styles.stack}>
                {sessions.map((session) => (
                  <li key={session.uuid}>
                    <SessionCard session={session} action="join" />
                  </li>
                ))}
              </ul>
            )}
          </PartContent>
        </HomeSection>
      </div>

      <HomeSection
        id="chapters"
        className={styles.chapters}
        title={t('home.chapters.title')}
        description={t('home.chapters.description')}
      >
        <PartContent part="chapters" items={home.chapters}>
          {(chapters) => (
            <ul className={styles.rows}>
              {chapters.map((chapter) => (
                <ChapterRow key={chapter.chapter_uuid} chapter={chapter} />
              ))}
            </ul>
          )}
        </PartContent>
      </HomeSection>
    </div>
  );
}
