import { teamLogo } from '@rampart/contracts';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.js';

/** The formats a logo may be, recognised by their first bytes (never by name or declared type). */
const signatures: { type: string; matches: (bytes: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) =>
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => b[index] === byte),
  },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    matches: (b) =>
      Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
      Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
];

export const sniffImageType = (bytes: Uint8Array): string | null =>
  signatures.find((signature) => signature.matches(bytes))?.type ?? null;

/** Logos are shown small: a larger picture only costs bandwidth. */
const LOGO_SIZE = 256;

/**
 * Checks a logo by its bytes and re-encodes it: what is stored is a fresh PNG of at most
 * 256×256 that we wrote, so no metadata (EXIF location, comments), no polyglot payload and no
 * format other than PNG ever reaches another player. SVG, GIF, HTML and anything else is
 * refused; so is a file that claims a format and does not decode as one.
 */
export const normaliseTeamLogo = async (
  bytes: Uint8Array,
): Promise<{ data: Uint8Array; type: 'image/png' }> => {
  if (bytes.byteLength > teamLogo.maxBytes) throw new AppError('team.logo_too_large');
  if (!sniffImageType(bytes)) throw new AppError('team.logo_invalid');
  try {
    const data = await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return { data: new Uint8Array(data), type: 'image/png' };
  } catch {
    throw new AppError('team.logo_invalid');
  }
};
