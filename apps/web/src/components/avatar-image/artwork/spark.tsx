import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.spark;

/** Spark: a cheerful little bot running on lightning, always the first to power up. */
export function SparkArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <path
        d="M9.6 19.4l3.2 1.8-1.4 2.2 3.4 1.8M51.4 37.2l-2.8 2.2 1.8 1.6-2.8 2.4M48.6 15.6l2.4 1-.6 2 2.6 1"
        fill="none"
        stroke={ACCENT}
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M12.6 64c1-8 7-13.6 14.6-14.6h9.6c7.6 1 13.6 6.6 14.6 14.6z" fill={p.dark} />
      <path d="M33.4 51.6l-3.8 5.4h3.2l-1.6 4.8 4.8-6.4h-3.2l1.8-3.8z" fill={ACCENT} />
      <path d="M28.4 42h7.2v8h-7.2z" fill={p.deep} />
      <path d="M28.4 45h7.2m-7.2 2.4h7.2" stroke={p.dark} strokeWidth="0.9" />
      <rect x="16.6" y="27.4" width="4.6" height="9.2" rx="1.8" fill={p.dark} />
      <rect x="42.8" y="27.4" width="4.6" height="9.2" rx="1.8" fill={p.dark} />
      <circle cx="32" cy="32" r="12.4" fill={p.main} />
      <path
        d="M22.6 28.4a10 10 0 0 1 7.2-7.6"
        fill="none"
        stroke={p.light}
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <rect x="23.6" y="27" width="16.8" height="11.4" rx="4.2" fill={p.deep} />
      <path
        d="M26.6 33.6q1.9-3 3.8 0m3.2 0q1.9-3 3.8 0"
        fill="none"
        stroke={ACCENT}
        strokeWidth="1.7"
        strokeLinecap="round"
      />
      <path
        d="M30.4 35.9q1.6 1 3.2 0"
        fill="none"
        stroke={p.light}
        strokeWidth="1"
        strokeLinecap="round"
      />
      <path d="M32 19.6v-1.8" stroke={p.light} strokeWidth="1.5" />
      <path d="M34 5.6l-5.4 7.4h3.4l-1.8 5.2 5.8-7.6h-3.4z" fill={ACCENT} />
    </AvatarFrame>
  );
}
