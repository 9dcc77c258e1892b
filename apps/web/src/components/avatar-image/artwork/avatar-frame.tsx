import type { ReactNode } from 'react';
import { ACCENT, type AvatarPalette } from './avatar-palettes';

interface AvatarFrameProps {
  palette: AvatarPalette;
  /** Prefix of the SVG ids, unique on the page: one avatar may be drawn many times at once. */
  uid: string;
  children: ReactNode;
}

/**
 * The badge every avatar stands in: a round plate lit from behind the head, a faint grid, a rim
 * in the avatar's hue and Rampart's green arc at the top right. The character is clipped to it.
 */
export function AvatarFrame({ palette, uid, children }: AvatarFrameProps) {
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${uid}-bg`} cx="50%" cy="40%" r="62%">
          <stop offset="0" stopColor={palette.dark} />
          <stop offset="1" stopColor={palette.deep} />
        </radialGradient>
        <radialGradient id={`${uid}-glow`} cx="50%" cy="42%" r="50%">
          <stop offset="0" stopColor={palette.main} stopOpacity="0.6" />
          <stop offset="1" stopColor={palette.main} stopOpacity="0" />
        </radialGradient>
        <clipPath id={`${uid}-clip`}>
          <circle cx="32" cy="32" r="30" />
        </clipPath>
      </defs>
      <circle cx="32" cy="32" r="30" fill={`url(#${uid}-bg)`} />
      <g clipPath={`url(#${uid}-clip)`}>
        <path
          d="M2 16h60M2 24h60M2 32h60M2 40h60M2 48h60M16 2v60M24 2v60M32 2v60M40 2v60M48 2v60"
          stroke={palette.light}
          strokeOpacity="0.07"
          strokeWidth="0.5"
        />
        <circle cx="32" cy="27" r="24" fill={`url(#${uid}-glow)`} />
        {children}
      </g>
      <circle cx="32" cy="32" r="30.5" fill="none" stroke={palette.main} strokeWidth="1.6" />
      <path
        d="M45.3 4.6A30.5 30.5 0 0 1 60.7 21.6"
        fill="none"
        stroke={ACCENT}
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="62.3" cy="27.4" r="1.1" fill={ACCENT} />
    </svg>
  );
}
