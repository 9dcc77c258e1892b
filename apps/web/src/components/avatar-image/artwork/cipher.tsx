import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.cipher;

/** Cipher: a hooded coder whose eyes are a 0 and a 1. */
export function CipherArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <path
        d="M6 64c1-10 6.4-17 13.6-20.6-1.2-3.8-1.6-7.6-1.2-12.4C19.4 21 25 13.4 32 11c7 2.4 12.6 10 13.6 20 .4 4.8 0 8.6-1.2 12.4C51.6 47 57 54 58 64z"
        fill={p.dark}
      />
      <path
        d="M32 13.6c-6.4 2.2-11 9-11.6 17.6-.4 5.2.6 9.8 2.6 13.2L32 50l9-5.6c2-3.4 3-8 2.6-13.2-.6-8.6-5.2-15.4-11.6-17.6z"
        fill={p.main}
      />
      <path d="M32 13.6c-4 1.4-7.3 4.6-9.3 9.2 2.4-3 5.6-5 9.3-5.8z" fill={p.light} />
      <path
        d="M32 18.6c-4.8 1.8-8 7-8.3 13.2-.2 4.6 1 8.4 3 11.2L32 46.4l5.3-3.4c2-2.8 3.2-6.6 3-11.2-.3-6.2-3.5-11.4-8.3-13.2z"
        fill="#07060d"
      />
      <ellipse cx="28.3" cy="31.2" rx="2" ry="2.8" fill="none" stroke={ACCENT} strokeWidth="1.6" />
      <path
        d="M34.4 29.4 36.3 28v6.2"
        fill="none"
        stroke={ACCENT}
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M27.8 39h1.8m1.5 0h1.8m1.5 0h1.8"
        stroke={p.light}
        strokeWidth="1.2"
        strokeLinecap="round"
      />
      <path d="M26.6 48.6v6.2m10.8-6.2v6.2" stroke={p.light} strokeWidth="1.2" />
      <circle cx="26.6" cy="56" r="1.4" fill={ACCENT} />
      <circle cx="37.4" cy="56" r="1.4" fill={ACCENT} />
    </AvatarFrame>
  );
}
