import { webLocalePrefixes, type Locale } from '@rampart/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAppInfo, useDocumentTitle } from '../../../lib/app-info';
import { LanguageSwitcher, localizePath, splitLocalePrefix } from '../../../lib/locale';
import { EventStreamContext } from '../../../lib/event-stream';
import { createDisplayEventStream, displayApiPaths } from '../api/display-api';
import { DisplayBanners } from '../components/display-banners';
import { DisplayClock } from '../components/display-clock';
import { DisplayFeed } from '../components/display-feed';
import { DisplayPodium } from '../components/display-podium';
import { DisplayRanking } from '../components/display-ranking';
import { DisplayRefusedMessage } from '../components/display-refused';
import { useDisplay } from '../hooks/use-display';
import styles from '../components/display.module.css';

/** `?lang=fr` on a link typed into a projector's browser: the same page behind its prefix. */
const useLangParameter = () => {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const lang = params.get('lang');
    const locale = webLocalePrefixes.find((prefix) => prefix === lang);
    if (!lang) return;
    params.delete('lang');
    const { path } = splitLocalePrefix(location.pathname);
    const search = params.size > 0 ? `?${params}` : '';
    void navigate(`${localizePath(path, locale ?? null)}${search}`, { replace: true });
  }, [location.pathname, location.search, navigate]);
};

function DisplayBoard({ token }: { token: string }) {
  const { t, i18n } = useTranslation('display');
  const { availableLocales } = useAppInfo();
  const { data, refused, reconnecting, banners } = useDisplay(token);
  const logoOf = (teamUuid: string) => displayApiPaths.logo(token, teamUuid);
  useDocumentTitle(data ? data.session.name : t('title'));

  if (refused) return <DisplayRefusedMessage code={refused.code} />;
  if (!data) {
    return (
      <div className={styles.centre}>
        <h1 className={styles.message}>{t('loading')}</h1>
      </div>
    );
  }
  const { session } = data;
  return (
    <div className={styles.board} data-over={session.over || undefined}>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1 className={styles.sessionName}>{session.name}</h1>
          <p className={styles.mission}>{session.missionTitle[i18n.language as Locale]}</p>
        </div>
        <DisplayClock session={session} clockOffsetMs={data.clockOffsetMs} />
      </header>
      <DisplayBanners banners={banners} solves={data.solves} />
      {session.over ? (
        <DisplayPodium teams={data.teams} logoOf={logoOf} />
      ) : (
        <div className={styles.columns}>
          <DisplayRanking teams={data.teams} logoOf={logoOf} />
          <DisplayFeed solves={data.solves} eliminations={data.eliminations} />
        </div>
      )}
      <footer className={styles.footer}>
        <span className={styles.connection} role="status">
          {reconnecting ? t('reconnecting') : ''}
        </span>
        <LanguageSwitcher locales={availableLocales} className={styles.languages} />
      </footer>
    </div>
  );
}

/**
 * The projector view: the session on the wall of the room, read with the display link's token
 * alone (no login), live through its own event stream, legible from the back of the room.
 */
export default function DisplayScreen() {
  const { token = '' } = useParams();
  useLangParameter();
  return (
    <EventStreamContext.Provider value={createDisplayEventStream}>
      <DisplayBoard token={token} />
    </EventStreamContext.Provider>
  );
}
