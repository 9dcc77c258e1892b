/** A step in a path inside a pack document: a key of a mapping or an index in a list. */
export type PackPathSegment = string | number;

/**
 * A problem found in a content pack. `file` is the document (or the input path when there is
 * no document), `path` the place in the document (`chapter.missions[1].objectives[3].title.fr`),
 * `line` and `column` (1-based) where the document shows it, when it does.
 */
export interface PackError {
  file: string;
  path: string;
  message: string;
  line?: number;
  column?: number;
}

/** `['chapter', 'missions', 1, 'title']` → `chapter.missions[1].title`. */
export const formatPackPath = (segments: readonly PackPathSegment[]): string =>
  segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('');

/** One line per error, as compilers print them, so editors can jump to the place. */
export const formatPackError = (error: PackError): string => {
  const place =
    error.line === undefined
      ? error.file
      : `${error.file}:${error.line}${error.column === undefined ? '' : `:${error.column}`}`;
  return [place, error.path, error.message].filter(Boolean).join('  ');
};
