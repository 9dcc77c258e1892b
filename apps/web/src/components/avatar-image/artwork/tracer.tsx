import { ACCENT, avatarPalettes } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

const p = avatarPalettes.tracer;

/** Tracer: a runner in goggles and headset, following packets at full speed. */
export function TracerArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <path
        d="M4 24h10.5M2.5 30.5H13M5 37h8.5"
        stroke={p.light}
        strokeWidth="1.7"
        strokeLinecap="round"
        opacity="0.6"
      />
      <path
        d="M10 64c1-9 7.6-15.6 16.2-16.6l6.3 5.2 6.3-5.2C47.4 48.4 54 55 55 64z"
        fill={p.dark}
      />
      <path d="M26.2 47.4l6.3 5.2 6.3-5.2-1.6-3.8h-9.4z" fill={p.main} />
      <path d="M32.5 52.6V64" stroke={ACCENT} strokeWidth="1.3" />
      <path
        d="M21.5 30c0-7.6 4.7-13.2 11-13.2s11 5.6 11 13.2v3.6c0 6-4.8 10.6-11 10.6s-11-4.6-11-10.6z"
        fill={p.main}
      />
      <path
        d="M21.5 27c.8-6.2 5-10.2 11-10.2s10.2 4 11 10.2c-3.2-2.6-7-3.8-11-3.8s-7.8 1.2-11 3.8z"
        fill={p.light}
      />
      <rect x="19.6" y="26.8" width="25.8" height="5" rx="2.5" fill={p.deep} />
      <circle cx="28" cy="29.3" r="4.4" fill={p.deep} />
      <circle cx="28" cy="29.3" r="3.1" fill={ACCENT} />
      <circle cx="37" cy="29.3" r="4.4" fill={p.deep} />
      <circle cx="37" cy="29.3" r="3.1" fill={p.light} />
      <circle cx="27" cy="28.2" r="0.9" fill="#ffffff" opacity="0.85" />
      <circle cx="36" cy="28.2" r="0.9" fill="#ffffff" opacity="0.85" />
      <path d="M30.5 39h4" stroke={p.dark} strokeWidth="1.2" strokeLinecap="round" />
      <path
        d="M44.2 31.5v3.2c0 2.2-1.6 3.8-3.8 3.8h-2.6"
        fill="none"
        stroke={p.deep}
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <path d="M42.6 21.8l4.4-6.8" stroke={p.light} strokeWidth="1.4" strokeLinecap="round" />
      <circle cx="47.4" cy="14.4" r="1.7" fill={ACCENT} />
    </AvatarFrame>
  );
}
