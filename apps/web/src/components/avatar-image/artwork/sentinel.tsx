import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.sentinel;

/** Sentinel: an armoured guard whose helmet glows with a T visor; an hourglass for extra time. */
export function SentinelArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <path d="M7 64c0-9.4 7.4-17 16.6-17.6h16.8C48.6 47 56 54.6 56 64z" fill={p.dark} />
      <path d="M8.6 58.5c1.2-6.4 5.6-11 11.6-12l3.4 7c-5.4.5-10.2 2.4-15 5z" fill={p.main} />
      <path d="M55.4 58.5c-1.2-6.4-5.6-11-11.6-12l-3.4 7c5.4.5 10.2 2.4 15 5z" fill={p.main} />
      <path d="M25.5 41h13l2.2 7.4H23.3z" fill={p.deep} />
      <path
        d="M19.4 40.4V29c0-8.6 5.6-14.6 12.6-14.6S44.6 20.4 44.6 29v11.4l-6 5.2H25.4z"
        fill={p.main}
      />
      <path d="M22.4 27.6c0-5.8 3.2-10.2 7.6-11.2-2.8 2.6-4.3 6.4-4.5 11.2z" fill={p.light} />
      <path d="M30.1 15.1 32 6.6l1.9 8.5a12 12 0 0 0-3.8 0z" fill={ACCENT} />
      <path d="M22.6 27.3h18.8v4.6h-6.9v9.4h-5V31.9h-6.9z" fill={p.deep} />
      <path d="M23.8 28.5h16.4v2.2h-6.9v9.4h-2.6v-9.4h-6.9z" fill={ACCENT} />
      <path d="M28.4 51.2h7.2L33 55l2.6 3.8h-7.2L31 55z" fill={ACCENT} />
    </AvatarFrame>
  );
}
