import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contentPackLimits } from '@rampart/contracts';
import { unzipSync, zipSync, type Unzipped } from 'fflate';

export type UnpackResult =
  | { ok: true; directory: string; dispose: () => Promise<void> }
  | { ok: false; reason: 'not_a_zip' | 'unsafe_entry' | 'too_many_entries' | 'too_large' };

/** A name an archive may hold: relative, inside the archive, no drive, no parent step. */
const isSafeEntryName = (name: string) =>
  name.length > 0 &&
  name.length <= 1024 &&
  !name.includes('\\') &&
  !name.includes('\0') &&
  !name.startsWith('/') &&
  !/^[a-zA-Z]:/.test(name) &&
  name.split('/').every((segment) => segment !== '..');

/**
 * Unpacks a zip archive of content packs into a new temporary directory, for the pack reader.
 * Entry names are checked before anything is written (no absolute path, no `..`: an archive
 * cannot write outside its directory), and so are their number and the total unpacked size as
 * the archive declares it, so a small archive cannot claim to unpack into gigabytes (fflate
 * inflates each entry into a buffer of its declared size).
 */
export const unpackArchive = async (archive: Uint8Array): Promise<UnpackResult> => {
  let entries = 0;
  let unpackedBytes = 0;
  let unsafe = false;
  let files: Unzipped;
  try {
    files = unzipSync(archive, {
      filter: (entry) => {
        entries += 1;
        unpackedBytes += entry.originalSize;
        if (!isSafeEntryName(entry.name)) unsafe = true;
        return (
          !unsafe &&
          entries <= contentPackLimits.entries &&
          unpackedBytes <= contentPackLimits.unpackedBytes &&
          !entry.name.endsWith('/')
        );
      },
    });
  } catch {
    return { ok: false, reason: 'not_a_zip' };
  }
  if (unsafe) return { ok: false, reason: 'unsafe_entry' };
  if (entries > contentPackLimits.entries) return { ok: false, reason: 'too_many_entries' };
  if (unpackedBytes > contentPackLimits.unpackedBytes) return { ok: false, reason: 'too_large' };

  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'rampart-pack-'));
  const dispose = () => fs.rm(directory, { recursive: true, force: true });
  try {
    for (const [name, content] of Object.entries(files)) {
      const target = path.join(directory, ...name.split('/'));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, content);
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { ok: true, directory, dispose };
};

/** Every file under `directory` in a zip archive, under `prefix/`, names with `/`. */
export const packDirectory = async (directory: string, prefix: string): Promise<Uint8Array> => {
  const entries: Record<string, Uint8Array> = {};
  const walk = async (current: string) => {
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const relative = path.relative(directory, full).split(path.sep).join('/');
        entries[`${prefix}/${relative}`] = new Uint8Array(await fs.readFile(full));
      }
    }
  };
  await walk(directory);
  return zipSync(entries, { level: 6 });
};
