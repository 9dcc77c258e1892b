import type { AvatarId } from '@rampart/contracts';
import { lazy, Suspense } from 'react';
import styles from './avatar-image.module.css';

// The drawings load on first use, one small chunk for all of them: the header shows an avatar on
// every page, and the first page's JS budget has no room for artwork.
const AvatarArtwork = lazy(() => import('./artwork'));

interface AvatarImageProps {
  /** The avatar to draw; `null` draws the "no avatar yet" silhouette. */
  id: AvatarId | null;
  /**
   * Width and height: CSS pixels, or any CSS length (`clamp(84px, 22vw, 176px)`). The drawings
   * are made to read from 24 to 200 pixels.
   */
  size?: number | string;
  /**
   * Accessible name, already translated ("Sentinel", "Your avatar: Sentinel"). Without one the
   * image is decorative: use that when the name is written beside it.
   */
  label?: string;
  className?: string;
}

/** One of Rampart's avatars, round, at any size. */
export function AvatarImage({ id, size = 40, label, className }: AvatarImageProps) {
  return (
    <span
      className={[styles.avatar, className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      data-avatar={id ?? 'none'}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <Suspense fallback={<span className={styles.placeholder} />}>
        <AvatarArtwork id={id} />
      </Suspense>
    </span>
  );
}
