import fs from 'node:fs/promises';
import path from 'node:path';
import {
  contentLimits,
  contentPackSchema,
  type ContentPack,
  type PackFile,
} from '@rampart/contracts';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { formatPackPath, type PackError, type PackPathSegment } from './pack-error.js';
import { createAttachmentReader, isFileProblem, type LoadedFile } from './pack-files.js';
import { checkPackRules, findUuidsSharedAcrossPacks, type PackIssue } from './pack-rules.js';

/** The name of the chapter document in a pack directory. */
export const PACK_DOCUMENT = 'chapter.yaml';

/**
 * Aliases expand when the document becomes data: a few lines of `&a [*b, *b, …]` can grow into
 * gigabytes. A chapter has no use for many of them.
 */
const MAX_ALIAS_COUNT = 50;

/** A pack read from disk and valid: its document, its files, and where each node sits. */
export interface LoadedPack {
  /** The chapter document's path. */
  file: string;
  directory: string;
  pack: ContentPack;
  /** Attached files by objective uuid, in document order. */
  files: Map<string, LoadedFile[]>;
  /**
   * The files of each hint by objective uuid: one list per hint, in document order. Absent when
   * the document comes from the authoring screen, whose hints' files are attached one at a time:
   * the import then leaves each kept hint's files as they are.
   */
  hintFiles?: Map<string, LoadedFile[][]>;
  /** Line and column of a path in the document (of its nearest existing parent when absent). */
  locate(segments: readonly PackPathSegment[]): Location | undefined;
}

interface Location {
  line: number;
  column: number;
}

const locator =
  (document: Document, lines: LineCounter) =>
  (segments: readonly PackPathSegment[]): Location | undefined => {
    let node: unknown = document.contents;
    let offset = document.contents?.range?.[0];
    for (const segment of segments) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === segment);
        if (!pair) break;
        const key = pair.key as Node;
        const value = pair.value as Node | null;
        offset = value?.range?.[0] ?? key.range?.[0] ?? offset;
        node = value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment] as Node | undefined;
        if (!item) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else {
        break;
      }
    }
    if (offset === undefined) return undefined;
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };

const valueAt = (data: unknown, segments: readonly PropertyKey[]): unknown =>
  segments.reduce<unknown>(
    (value, segment) =>
      value !== null && typeof value === 'object'
        ? (value as Record<PropertyKey, unknown>)[segment]
        : undefined,
    data,
  );

const languageNames: Record<string, string> = { fr: 'French', en: 'English' };

/** The values an enum, a literal list or a discriminated union accepts, when that is the issue. */
const allowedValues = (issue: z.core.$ZodIssue): string[] | null => {
  if (issue.code === 'invalid_value' && issue.values.length > 1) return issue.values.map(String);
  const discriminator = /^Invalid discriminator value\. Expected (.+)$/.exec(issue.message);
  if (issue.code === 'invalid_union' && discriminator) {
    return discriminator[1]!.split(' | ').map((option) => option.replace(/^'|'$/g, ''));
  }
  return null;
};

/** Rewords zod's messages where the raw value says more than zod knows. */
const describeIssue = (
  issue: z.core.$ZodIssue,
  data: unknown,
): { path: PackPathSegment[]; message: string } => {
  const segments = issue.path.filter(
    (segment): segment is PackPathSegment => typeof segment !== 'symbol',
  );
  const value = valueAt(data, segments);
  const last = segments.at(-1);
  const language = typeof last === 'string' ? languageNames[last] : undefined;

  if (issue.code === 'unrecognized_keys') {
    const [key] = issue.keys;
    return {
      path: key === undefined ? segments : [...segments, key],
      message:
        issue.keys.length === 1
          ? `unknown field "${key}"`
          : `unknown fields ${issue.keys.map((name) => `"${name}"`).join(', ')}`,
    };
  }
  if (language && value === undefined)
    return { path: segments, message: `the ${language} text is missing` };
  if (language && issue.code === 'too_small')
    return { path: segments, message: `the ${language} text is empty` };
  if (issue.code === 'invalid_type' && segments.length === 0 && data === null)
    return { path: segments, message: 'the document is empty' };
  if (issue.code === 'invalid_type' && value === undefined)
    return { path: segments, message: 'is required' };
  // Zod's own wording is replaced; a message the schema chose itself stays as it is.
  const generic = /^(Invalid input|Too small|Too big)/.test(issue.message);
  if (issue.code === 'invalid_type' && issue.expected === 'int' && generic)
    return { path: segments, message: 'must be a whole number' };
  const allowed = allowedValues(issue);
  if (allowed) {
    return {
      path: segments,
      message: `${JSON.stringify(value)} is not allowed; expected one of ${allowed.join(', ')}`,
    };
  }
  if ((issue.code === 'too_small' || issue.code === 'too_big') && generic) {
    const small = issue.code === 'too_small';
    const bound = Number(small ? issue.minimum : issue.maximum);
    const which =
      issue.inclusive === false
        ? small
          ? 'more than'
          : 'less than'
        : small
          ? 'at least'
          : 'at most';
    const unit = ({ array: 'item', string: 'character' } as Record<string, string>)[issue.origin];
    return {
      path: segments,
      message: unit
        ? `must have ${which} ${bound} ${unit}${bound === 1 ? '' : 's'}`
        : `must be ${which} ${bound}`,
    };
  }
  return { path: segments, message: issue.message.replace(/^Invalid input: /, '') };
};

/** YAML's own message without its position and code excerpt, which the error carries apart. */
const yamlMessage = (message: string) => message.split(/ at line \d+, column \d+/)[0]!.trim();

export interface ParsedPackDocument {
  pack: ContentPack | null;
  errors: PackError[];
  locate: LoadedPack['locate'];
}

/** Parses and checks a chapter document (not its files); `file` only names it in errors. */
export const parsePackDocument = (text: string, file: string): ParsedPackDocument => {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  const locate = locator(document, lines);
  const at = (segments: readonly PackPathSegment[], message: string): PackError => ({
    file,
    path: formatPackPath(segments),
    message,
    ...locate(segments),
  });

  if (document.errors.length > 0) {
    return {
      pack: null,
      locate,
      errors: document.errors.map((error) => {
        const position = error.linePos?.[0];
        return {
          file,
          path: '',
          message: `invalid YAML: ${yamlMessage(error.message)}`,
          ...(position ? { line: position.line, column: position.col } : {}),
        };
      }),
    };
  }

  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    return {
      pack: null,
      locate,
      errors: [
        { file, path: '', message: `invalid YAML: ${(error as Error).message.toLowerCase()}` },
      ],
    };
  }

  const checked = checkPackData(data);
  return {
    pack: checked.pack,
    locate,
    errors: checked.issues.map((issue) => at(issue.path, issue.message)),
  };
};

/**
 * Checks a chapter document already read into data (from YAML, or JSON from the trainer's
 * editor): its schema, then the rules the schema cannot say. The pack is returned when its
 * schema holds, even with issues of rules, so a reader can still report problems of its files.
 */
export const checkPackData = (data: unknown): { pack: ContentPack | null; issues: PackIssue[] } => {
  const parsed = contentPackSchema.safeParse(data);
  if (!parsed.success) {
    return { pack: null, issues: parsed.error.issues.map((issue) => describeIssue(issue, data)) };
  }
  return { pack: parsed.data, issues: checkPackRules(parsed.data) };
};

const describeStatError = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT'
    ? 'no such file or directory'
    : `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;

/** Reads one pack: its document, then every attached file. Every problem found is returned. */
export const readPack = async (
  documentFile: string,
): Promise<{ pack: LoadedPack | null; errors: PackError[] }> => {
  const fail = (message: string) => ({
    pack: null,
    errors: [{ file: documentFile, path: '', message }],
  });
  let text: string;
  try {
    const stat = await fs.stat(documentFile);
    if (!stat.isFile()) return fail('is not a regular file');
    if (stat.size > contentLimits.documentBytes) {
      return fail(
        `the document is ${stat.size} bytes; a chapter document may be at most ${contentLimits.documentBytes} bytes`,
      );
    }
    text = await fs.readFile(documentFile, 'utf8');
  } catch (error) {
    return fail(describeStatError(error));
  }

  const parsed = parsePackDocument(text, documentFile);
  if (!parsed.pack) return { pack: null, errors: parsed.errors };

  const errors = [...parsed.errors];
  const directory = path.dirname(documentFile);
  const attachments = createAttachmentReader(directory);
  const files = new Map<string, LoadedFile[]>();
  const hintFiles = new Map<string, LoadedFile[][]>();
  const readAll = async (declared: PackFile[], at: PackPathSegment[]) => {
    const loaded: LoadedFile[] = [];
    for (const [f, file] of declared.entries()) {
      const result = await attachments.read(file);
      if (isFileProblem(result)) {
        const segments = [...at, 'files', f, result.field];
        errors.push({
          file: documentFile,
          path: formatPackPath(segments),
          message: result.message,
          ...parsed.locate(segments),
        });
      } else {
        loaded.push(result);
      }
    }
    return loaded;
  };
  for (const [m, mission] of parsed.pack.chapter.missions.entries()) {
    for (const [o, objective] of mission.objectives.entries()) {
      const at: PackPathSegment[] = ['chapter', 'missions', m, 'objectives', o];
      files.set(objective.uuid, await readAll(objective.files, at));
      const ofHints: LoadedFile[][] = [];
      for (const [h, hint] of objective.hints.entries())
        ofHints.push(await readAll(hint.files, [...at, 'hints', h]));
      hintFiles.set(objective.uuid, ofHints);
    }
  }
  if (errors.length > 0) return { pack: null, errors };
  return {
    pack: {
      file: documentFile,
      directory,
      pack: parsed.pack,
      files,
      hintFiles,
      locate: parsed.locate,
    },
    errors,
  };
};

const isPackDirectory = async (directory: string) =>
  fs
    .stat(path.join(directory, PACK_DOCUMENT))
    .then((stat) => stat.isFile())
    .catch(() => false);

/**
 * The chapter documents named by the inputs: a document itself, a pack directory (holding
 * `chapter.yaml`), or a directory of pack directories such as `content/`.
 */
export const findPackDocuments = async (
  inputs: readonly string[],
): Promise<{ documents: string[]; errors: PackError[] }> => {
  const documents: string[] = [];
  const errors: PackError[] = [];
  const seen = new Set<string>();
  const add = async (document: string) => {
    const key = await fs.realpath(document).catch(() => path.resolve(document));
    if (seen.has(key)) return;
    seen.add(key);
    documents.push(document);
  };

  for (const input of inputs) {
    let stat;
    try {
      stat = await fs.stat(input);
    } catch (error) {
      errors.push({ file: input, path: '', message: describeStatError(error) });
      continue;
    }
    if (stat.isFile()) {
      await add(input);
    } else if (await isPackDirectory(input)) {
      await add(path.join(input, PACK_DOCUMENT));
    } else {
      const entries = await fs.readdir(input, { withFileTypes: true });
      const packs: string[] = [];
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const directory = path.join(input, entry.name);
        if (entry.isDirectory() && (await isPackDirectory(directory))) packs.push(directory);
      }
      if (packs.length === 0) {
        errors.push({
          file: input,
          path: '',
          message: `no ${PACK_DOCUMENT} in this directory nor in its sub-directories`,
        });
      }
      for (const directory of packs) await add(path.join(directory, PACK_DOCUMENT));
    }
  }
  return { documents, errors };
};

/**
 * Reads every pack the inputs name and checks them together (a uuid may appear in one pack
 * only). Either every pack is returned and there is no error, or the errors say what to fix.
 */
export const readPacks = async (
  inputs: readonly string[],
): Promise<{ packs: LoadedPack[]; errors: PackError[] }> => {
  const found = await findPackDocuments(inputs);
  const errors = [...found.errors];
  const packs: LoadedPack[] = [];
  for (const document of found.documents) {
    const read = await readPack(document);
    errors.push(...read.errors);
    if (read.pack) packs.push(read.pack);
  }
  for (const { pack, issue } of findUuidsSharedAcrossPacks(packs)) {
    errors.push({
      file: pack.file,
      path: formatPackPath(issue.path),
      message: issue.message,
      ...pack.locate(issue.path),
    });
  }
  return errors.length > 0 ? { packs: [], errors } : { packs, errors };
};
