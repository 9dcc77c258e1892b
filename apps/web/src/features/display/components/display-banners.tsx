import type { DisplaySnapshot, Locale } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import type { DisplayBanner } from '../hooks/use-display';
import styles from './display.module.css';

/** First bloods and speedruns, over the board for a few seconds, read out by screen readers. */
export function DisplayBanners({
  banners,
  solves,
}: {
  banners: DisplayBanner[];
  solves: DisplaySnapshot['solves'];
}) {
  const { t, i18n } = useTranslation('display');
  const lang = i18n.language as Locale;
  const titleOf = (objectiveUuid: string) =>
    solves.find((solve) => solve.objectiveUuid === objectiveUuid)?.objectiveTitle[lang] ?? '';
  const banner = banners.at(-1);
  return (
    <div className={styles.bannerSlot} aria-live="polite" aria-atomic="true">
      {banner && (
        <div key={banner.id} className={styles.banner} data-kind={banner.kind} role="status">
          <span className={styles.bannerKind}>{t(`banner.${banner.kind}`)}</span>
          <span className={styles.bannerText}>
            {banner.kind === 'speedrun_launched'
              ? t('banner.launched', { title: banner.title, count: banner.points })
              : t('banner.solved', {
                  team: banner.teamName,
                  objective: titleOf(banner.objectiveUuid),
                })}
          </span>
        </div>
      )}
    </div>
  );
}
