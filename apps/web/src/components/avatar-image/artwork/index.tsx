import type { AvatarId } from '@rampart/contracts';
import { useId, type ComponentType } from 'react';
import type { ArtworkProps } from './artwork-props';
import { BastionArtwork } from './bastion';
import { CipherArtwork } from './cipher';
import { EmptyArtwork } from './empty';
import { OracleArtwork } from './oracle';
import { PhantomArtwork } from './phantom';
import { SentinelArtwork } from './sentinel';
import { SparkArtwork } from './spark';
import { TracerArtwork } from './tracer';
import { WardenArtwork } from './warden';

export const artworks: Readonly<Record<AvatarId, ComponentType<ArtworkProps>>> = {
  sentinel: SentinelArtwork,
  cipher: CipherArtwork,
  phantom: PhantomArtwork,
  bastion: BastionArtwork,
  tracer: TracerArtwork,
  oracle: OracleArtwork,
  warden: WardenArtwork,
  spark: SparkArtwork,
};

/**
 * The drawing of one avatar (or of "no avatar"), decorative: AvatarImage names it. The default
 * export of this chunk, loaded on first use, so the drawings stay out of the first page's JS.
 */
export default function AvatarArtwork({ id }: { id: AvatarId | null }) {
  // useId may contain characters that are not valid in url(#…) references.
  const uid = `av${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const Artwork = id ? artworks[id] : EmptyArtwork;
  return <Artwork uid={uid} />;
}
