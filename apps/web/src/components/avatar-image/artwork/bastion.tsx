import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.bastion;

/** Bastion: a walking tower with a crenellated head and a shield that softens every blow. */
export function BastionArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <path d="M5 64v-9c0-5.6 4.6-9.6 10.2-9.6h33.6C54.4 45.4 59 49.4 59 55v9z" fill={p.dark} />
      <path d="M5 55c0-5.6 4.6-9.6 10.2-9.6H21v7.4H5.4z" fill={p.main} />
      <path d="M59 55c0-5.6-4.6-9.6-10.2-9.6H43v7.4h15.6z" fill={p.main} />
      <path d="M26.5 40h11v6h-11z" fill={p.deep} />
      <path
        d="M19 15.6h4.4v3.6h2.8v-3.6h4.4v3.6h2.8v-3.6h4.4v3.6h2.8v-3.6H45V38l-4.2 4.6H23.2L19 38z"
        fill={p.main}
      />
      <path d="M19 19.2h2.6v19.6L19 36z" fill={p.light} opacity="0.55" />
      <path d="M19 23.4h26M19 41h26" stroke={p.dark} strokeWidth="0.8" opacity="0.6" />
      <rect x="22.4" y="26.2" width="19.2" height="6.4" rx="1.2" fill={p.deep} />
      <rect x="24" y="28.4" width="16" height="2" rx="1" fill={ACCENT} />
      <path d="M26.4 36h11.2m-11.2 2.4h11.2" stroke={p.dark} strokeWidth="1.1" />
      <path
        d="M32 48.6l5.4 2v3.8c0 3.2-2.3 5.4-5.4 6.6-3.1-1.2-5.4-3.4-5.4-6.6v-3.8z"
        fill={ACCENT}
      />
      <path d="M32 51.2v7.2" stroke={p.dark} strokeWidth="1.2" />
    </AvatarFrame>
  );
}
