import { emptyPalette as p } from './avatar-palettes';
import { AvatarFrame } from './avatar-frame';
import type { ArtworkProps } from './artwork-props';

/** No avatar chosen yet: a dashed silhouette waiting to be filled. */
export function EmptyArtwork({ uid }: ArtworkProps) {
  return (
    <AvatarFrame palette={p} uid={uid}>
      <path
        d="M13 64c1-9.4 8.6-16 19-16s18 6.6 19 16"
        fill={p.dark}
        stroke={p.light}
        strokeWidth="1.2"
        strokeDasharray="3 2.4"
      />
      <circle
        cx="32"
        cy="29"
        r="10.4"
        fill={p.dark}
        stroke={p.light}
        strokeWidth="1.2"
        strokeDasharray="3 2.4"
      />
    </AvatarFrame>
  );
}
