/**
 * The few lines of the POSIX tar format a backup file needs: regular files, names under 100
 * bytes. Anything else in an archive we read is refused rather than guessed at.
 */
const BLOCK = 512;

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

export interface TarEntry {
  name: string;
  data: Uint8Array;
}

const field = (header: Buffer, at: number, text: string, length: number) => {
  header.write(text, at, length, 'ascii');
};

const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;

export const writeTar = (entries: readonly TarEntry[], mtime = new Date()): Buffer => {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (Buffer.byteLength(entry.name) >= 100) throw new TarError(`name too long: ${entry.name}`);
    const header = Buffer.alloc(BLOCK);
    field(header, 0, entry.name, 100);
    field(header, 100, octal(0o600, 8), 8);
    field(header, 108, octal(0, 8), 8);
    field(header, 116, octal(0, 8), 8);
    field(header, 124, octal(entry.data.length, 12), 12);
    field(header, 136, octal(Math.floor(mtime.getTime() / 1000), 12), 12);
    field(header, 148, ' '.repeat(8), 8);
    field(header, 156, '0', 1);
    field(header, 257, 'ustar\u000000', 8);
    let sum = 0;
    for (const byte of header) sum += byte;
    field(header, 148, `${sum.toString(8).padStart(6, '0')}\0 `, 8);
    parts.push(header, Buffer.from(entry.data));
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
};

const text = (header: Buffer, at: number, length: number) => {
  const raw = header.subarray(at, at + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('ascii');
};

export const readTar = (archive: Buffer): TarEntry[] => {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    if (text(header, 257, 5) !== 'ustar') throw new TarError('not a tar archive');
    let sum = 0;
    for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (parseInt(text(header, 148, 8).trim(), 8) !== sum)
      throw new TarError('a tar header is damaged (checksum)');
    const type = text(header, 156, 1);
    if (type !== '0' && type !== '') throw new TarError('the archive holds more than files');
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const start = offset + BLOCK;
    if (!Number.isSafeInteger(size) || start + size > archive.length)
      throw new TarError('the archive is truncated');
    entries.push({ name: text(header, 0, 100), data: archive.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new TarError('the archive is truncated');
};
