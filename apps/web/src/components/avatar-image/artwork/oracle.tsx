import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.oracle;

/** Oracle: a seer in a halo of circuits whose third eye reads the logs before they are written. */
export function OracleArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <circle
        cx="32"
        cy="27"
        r="17"
        fill="none"
        stroke={p.light}
        strokeWidth="1"
        strokeDasharray="5 2.6"
        opacity="0.7"
      />
      <path
        d="M32 10V5.4M20 15l-3.4-3.4M44 15l3.4-3.4M15 27h-4.6M49 27h4.6"
        stroke={p.light}
        strokeWidth="1"
        opacity="0.7"
      />
      <circle cx="32" cy="4.6" r="1.6" fill={ACCENT} />
      <circle cx="16" cy="11" r="1.3" fill={p.light} />
      <circle cx="48" cy="11" r="1.3" fill={p.light} />
      <circle cx="9.6" cy="27" r="1.3" fill={p.light} />
      <circle cx="54.4" cy="27" r="1.3" fill={p.light} />
      <path d="M9 64c1-9.6 8-16.6 17-17.6h12c9 1 16 8 17 17.6z" fill={p.dark} />
      <path d="M25.6 46.4 32 56l6.4-9.6z" fill={p.main} />
      <circle cx="32" cy="52.6" r="1.6" fill={ACCENT} />
      <path
        d="M32 15.2c-6.6 0-11.2 5.4-11.2 12.4 0 7.8 5 14.6 11.2 14.6s11.2-6.8 11.2-14.6c0-7-4.6-12.4-11.2-12.4z"
        fill={p.main}
      />
      <path
        d="M32 19.6c-4.5 0-7.7 3.8-7.7 8.8 0 5.6 3.4 10.4 7.7 10.4s7.7-4.8 7.7-10.4c0-5-3.2-8.8-7.7-8.8z"
        fill={p.light}
      />
      <path d="M27.4 24.8c2.5-3.3 6.7-3.3 9.2 0-2.5 3.3-6.7 3.3-9.2 0z" fill={p.deep} />
      <circle cx="32" cy="24.8" r="1.8" fill={ACCENT} />
      <path
        d="M27 31.4q1.6 1.3 3.2 0m3.6 0q1.6 1.3 3.2 0"
        fill="none"
        stroke={p.dark}
        strokeWidth="1.2"
        strokeLinecap="round"
      />
      <path d="M30.6 35.6h2.8" stroke={p.dark} strokeWidth="1" strokeLinecap="round" />
    </AvatarFrame>
  );
}
