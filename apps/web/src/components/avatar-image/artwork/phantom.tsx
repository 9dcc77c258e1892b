import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.phantom;

/** Phantom: a ghost that fades into the network, strikes first and leaves two green eyes behind. */
export function PhantomArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <defs>
        <linearGradient id={`${uid}-cloak`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={p.light} />
          <stop offset="0.55" stopColor={p.main} />
          <stop offset="1" stopColor={p.main} stopOpacity="0.15" />
        </linearGradient>
      </defs>
      <path
        d="M16.6 60c.4-8 1.2-16 1.2-25 0-12 6.3-20.4 14.2-20.4S46.2 23 46.2 35c0 9 .8 17 1.2 25l-4.2-3.6-3.8 4.2-3.8-4.2-3.6 4.2-3.6-4.2-3.8 4.2-3.8-4.2z"
        fill={`url(#${uid}-cloak)`}
      />
      <path
        d="M32 21.6c-5.4 0-9.2 4.6-9.2 10.4 0 5.4 3.9 9.2 9.2 9.2s9.2-3.8 9.2-9.2c0-5.8-3.8-10.4-9.2-10.4z"
        fill={p.deep}
      />
      <path d="M25.2 30.8c1.6-2 4.2-2.3 5.8-.6-1.6 2.1-4.2 2.4-5.8.6z" fill={ACCENT} />
      <path d="M38.8 30.8c-1.6-2-4.2-2.3-5.8-.6 1.6 2.1 4.2 2.4 5.8.6z" fill={ACCENT} />
      <path
        d="M29.6 36.6q2.4 1.2 4.8 0"
        fill="none"
        stroke={ACCENT}
        strokeOpacity="0.55"
        strokeWidth="1.1"
        strokeLinecap="round"
      />
      <circle cx="11.5" cy="44" r="1.2" fill={p.light} opacity="0.6" />
      <circle cx="52.5" cy="40" r="1.5" fill={p.light} opacity="0.5" />
      <circle cx="49.5" cy="51" r="0.9" fill={ACCENT} opacity="0.8" />
      <circle cx="14.5" cy="53" r="0.8" fill={p.light} opacity="0.5" />
    </AvatarFrame>
  );
}
