import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.warden;

/** Warden: the keeper of access, peaked cap, mirrored shades and the master key on the chest. */
export function WardenArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <path d="M8 64c.6-9.6 7.6-16.6 16.6-17.6h14.8c9 1 16 8 16.6 17.6z" fill={p.dark} />
      <path d="M11 53c2.2-3 5.4-5 9-5.8l1.6 3.8c-3.4.6-6.2 2-8.4 4.2z" fill={p.light} />
      <path d="M53 53c-2.2-3-5.4-5-9-5.8l-1.6 3.8c3.4.6 6.2 2 8.4 4.2z" fill={p.light} />
      <path d="M27.4 40.6h9.2v6.4h-9.2z" fill={p.deep} />
      <path d="M24.6 46.6 32 53.6l7.4-7" fill="none" stroke={p.main} strokeWidth="2" />
      <circle cx="42.4" cy="55" r="2.1" fill="none" stroke={ACCENT} strokeWidth="1.4" />
      <path d="M42.4 57.1v4.6m0-1.6h1.8" stroke={ACCENT} strokeWidth="1.4" strokeLinecap="round" />
      <path d="M22 26h20v8.2c0 6-4.5 10.6-10 10.6s-10-4.6-10-10.6z" fill={p.light} />
      <path
        d="M22 29.6h20v4c0 1-.8 1.8-1.8 1.8h-5.6L32 33.4l-2.6 2h-5.6c-1 0-1.8-.8-1.8-1.8z"
        fill={p.deep}
      />
      <path d="M24.4 31.4h4.2m6.8 0h4.2" stroke={ACCENT} strokeWidth="1.3" strokeLinecap="round" />
      <rect x="27.8" y="38.4" width="8.4" height="3.2" rx="1.2" fill={p.dark} />
      <path d="M19.6 26.6c-.6-7.4 4.6-12.8 12.4-12.8s13 5.4 12.4 12.8z" fill={p.dark} />
      <path d="M19.8 23.6h24.4v3H19.8z" fill={p.main} />
      <path d="M17.4 26.4h29.2c0 2-3.2 3.4-14.6 3.4s-14.6-1.4-14.6-3.4z" fill={p.deep} />
      <path d="M32 15.8l3 1.2v2.4c0 2-1.3 3.3-3 4-1.7-.7-3-2-3-4V17z" fill={ACCENT} />
    </AvatarFrame>
  );
}
