import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Flushes a file's bytes to disk. */
export const syncFile = (file: string) => {
  const descriptor = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
};

/**
 * Flushes a directory's entries to disk: a file created, renamed or removed in it. Windows opens
 * no directory as a file, and NTFS journals its entries itself.
 */
export const syncDirectory = (directory: string) => {
  if (process.platform !== 'win32') syncFile(directory);
};

/**
 * Writes a file readable by its owner only, whole or not at all, and on disk when this returns:
 * the bytes go to a partial file beside it, flushed, which then takes the file's name, and the
 * directory is flushed. A machine that stops at any point leaves the old file or the new one,
 * never an empty or a cut one (a rename alone does not promise that: the name can reach the disk
 * before the bytes). `exclusive` refuses to replace a file already there (`EEXIST`), and no
 * reader ever sees the new one half written.
 */
export const writePrivateFile = (
  file: string,
  data: string | Uint8Array,
  options: { exclusive?: boolean } = {},
) => {
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    const descriptor = fs.openSync(partial, 'wx', 0o600);
    try {
      fs.writeFileSync(descriptor, data);
      fs.fsyncSync(descriptor);
    } finally {
      fs.closeSync(descriptor);
    }
    if (options.exclusive) fs.linkSync(partial, file);
    else fs.renameSync(partial, file);
    syncDirectory(path.dirname(file));
  } finally {
    fs.rmSync(partial, { force: true });
  }
};
