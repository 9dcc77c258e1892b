import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { attachmentNamePattern, contentLimits, type PackFile } from '@rampart/contracts';
import { contentTypeForFileName } from '../file-types.js';
import { attachmentName } from './pack-rules.js';

/** An attached file read from a pack, as it is stored. */
export interface LoadedFile {
  name: string;
  /** Where the file sits in the pack, relative to the chapter document. */
  packPath: string;
  contentType: string;
  size: number;
  sha256: string;
  content: Buffer;
}

/** Where a problem with an attached file is: on its `path` or on its `name`. */
export type FileProblem = { field: 'path' | 'name'; message: string };

const limit = (bytes: number) => `${bytes / (1024 * 1024)} MB (${bytes} bytes)`;

const isInside = (directory: string, candidate: string) => {
  const relative = path.relative(directory, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/**
 * Reads the attached files of one pack. The document's own checks already refuse `..` and
 * absolute paths; this checks again on disk, after resolving symbolic links, because a link
 * inside the pack may point anywhere (`files/passwd -> /etc/passwd`).
 */
export const createAttachmentReader = (packDirectory: string) => {
  let realDirectory: Promise<string> | undefined;
  let packBytes = 0;

  const read = async (file: PackFile): Promise<LoadedFile | FileProblem> => {
    const name = attachmentName(file);
    if (!attachmentNamePattern.test(name)) {
      return {
        field: file.name === undefined ? 'path' : 'name',
        message: `"${name}" is not an allowed file name: letters, digits, ".", "_" or "-", not starting with a dot`,
      };
    }
    realDirectory ??= fs.realpath(packDirectory);
    const directory = await realDirectory;
    const lexical = path.resolve(directory, file.path);
    if (path.isAbsolute(file.path) || !isInside(directory, lexical)) {
      return { field: 'path', message: `${file.path} is outside the pack directory` };
    }

    let real: string;
    try {
      real = await fs.realpath(lexical);
    } catch {
      return { field: 'path', message: `file not found: ${file.path}` };
    }
    if (!isInside(directory, real)) {
      return {
        field: 'path',
        message: `${file.path} is a symbolic link to a file outside the pack directory`,
      };
    }
    const stat = await fs.stat(real);
    if (!stat.isFile()) return { field: 'path', message: `${file.path} is not a regular file` };
    if (stat.size > contentLimits.fileBytes) {
      return {
        field: 'path',
        message: `${file.path} is ${stat.size} bytes; an attached file may be at most ${limit(contentLimits.fileBytes)}`,
      };
    }
    if (packBytes + stat.size > contentLimits.packFileBytes) {
      return {
        field: 'path',
        message: `the pack's attached files together exceed ${limit(contentLimits.packFileBytes)}`,
      };
    }

    const content = await fs.readFile(real);
    // The file may have grown since `stat`; the limit holds for what is stored.
    if (content.length > contentLimits.fileBytes) {
      return {
        field: 'path',
        message: `${file.path} is larger than ${limit(contentLimits.fileBytes)}`,
      };
    }
    if (packBytes + content.length > contentLimits.packFileBytes) {
      return {
        field: 'path',
        message: `the pack's attached files together exceed ${limit(contentLimits.packFileBytes)}`,
      };
    }
    packBytes += content.length;
    return {
      name,
      packPath: file.path,
      contentType: contentTypeForFileName(name),
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
    };
  };

  return { read };
};

export const isFileProblem = (value: LoadedFile | FileProblem): value is FileProblem =>
  'message' in value;
