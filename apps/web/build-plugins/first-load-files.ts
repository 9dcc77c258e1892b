import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * Where the list is written in dist/, and read by the server (apps/server/src/http/first-load.ts).
 * Its shape is `FirstLoadFiles`; a file of the list is a path from the site's root.
 */
export const FIRST_LOAD_FILE = '.vite/first-load.json';

export interface FirstLoadFiles {
  /** What every screen of index.html loads before its first paint, beyond the page's own files. */
  boot: string[];
  /** A layout's own files (`default`: its header and what the header loads), beyond the page's. */
  layouts: Record<string, string[]>;
  /** A screen's code (by route id), its styles with it, beyond the page's. */
  screens: Record<string, string[]>;
  /** A language's catalogue (by locale). */
  catalogues: Record<string, string[]>;
}

/** A chunk as the bundle describes it: enough to follow its static imports. */
export interface BundleChunk {
  fileName: string;
  isEntry: boolean;
  /** The module the chunk stands for when it is an entry or a dynamic import's target. */
  facadeModuleId: string | null;
  imports: readonly string[];
  css: readonly string[];
  /** The modules it holds. */
  moduleIds: readonly string[];
}

/** The bundle's chunks, as the build plugins read them (its other files are assets). */
export const chunksOf = (bundle: Rolldown.OutputBundle): BundleChunk[] =>
  Object.values(bundle).flatMap((output) =>
    output.type === 'chunk'
      ? [
          {
            fileName: output.fileName,
            isEntry: output.isEntry,
            facadeModuleId: output.facadeModuleId,
            imports: output.imports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
            moduleIds: output.moduleIds,
          },
        ]
      : [],
  );

/** The modules of a first load, by the source file they are imported from (paths from the app's root). */
export interface FirstLoadModules {
  boot: readonly string[];
  layouts: Record<string, readonly string[]>;
  /** Route id → its screen's module, and the modules on the way to it (trainer screens' list). */
  screens: Record<string, readonly string[]>;
  catalogues: Record<string, string>;
}

/**
 * Lists, for each thing a page's first screen needs and index.html does not name (its screen, its
 * layout, its catalogue, the schemas the boot reads the user with), the files it loads: the chunk
 * and its static imports, their styles included. The server writes them into the page as
 * `<link rel="modulepreload">` for the path asked for, so that a phone fetches the screen's code
 * beside the app's own instead of once the app has run and the router has found the screen: a
 * round trip on a slow link per step saved, three steps on the game screen.
 */
export const listFirstLoadFiles = (
  chunks: readonly BundleChunk[],
  modules: FirstLoadModules,
  appRoot: string,
): FirstLoadFiles => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const bySource = new Map<string, BundleChunk>();
  for (const chunk of chunks) {
    if (!chunk.facadeModuleId) continue;
    const source = path.relative(appRoot, chunk.facadeModuleId).split(path.sep).join('/');
    bySource.set(source.replace(/\.(tsx?|jsx?)$/, ''), chunk);
  }
  const closure = (chunk: BundleChunk, files: Set<string>) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    chunk.css.forEach((file) => files.add(file));
    for (const file of chunk.imports) closure(byFile.get(file)!, files);
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('first-load files: the bundle has no entry');
  const page = new Set<string>();
  closure(entry, page);

  const filesOf = (sources: readonly string[]): string[] => {
    const files = new Set<string>();
    for (const source of sources) {
      const chunk = bySource.get(source.replace(/\.(tsx?|jsx?)$/, ''));
      // A module named here but not a chunk of its own is a list out of step with the code.
      if (!chunk) throw new Error(`first-load files: no chunk is imported from ${source}`);
      closure(chunk, files);
    }
    return [...files].filter((file) => !page.has(file)).map((file) => `/${file}`);
  };
  const mapValues = <T>(record: Record<string, T>, files: (value: T) => string[]) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, files(value)]));
  return {
    boot: filesOf(modules.boot),
    layouts: mapValues(modules.layouts, filesOf),
    screens: mapValues(modules.screens, filesOf),
    catalogues: mapValues(modules.catalogues, (source) => filesOf([source])),
  };
};

/** `id: () => import('path')` in a module list (app/router/screen-modules.ts and the trainer's). */
const LAZY_SCREEN = /^\s*(\w+): \(\) =>\s*import\('([^']+)'\),?$/gm;

/**
 * The screens' modules as the router imports them, read from its lists: a screen added there is
 * listed here without another list to keep.
 */
export const readScreenModules = (appRoot: string): Record<string, string[]> => {
  const router = 'src/app/router';
  const lists = [
    { file: `${router}/screen-modules.ts`, via: [] as string[] },
    { file: `${router}/trainer-screen-modules.ts`, via: [`${router}/trainer-screen-modules.ts`] },
  ];
  const screens: Record<string, string[]> = {};
  for (const { file, via } of lists) {
    const text = fs.readFileSync(path.join(appRoot, file), 'utf8');
    for (const [, id, specifier] of text.matchAll(LAZY_SCREEN)) {
      const source = path.posix.join(path.posix.dirname(file), specifier!);
      screens[id!] = [...via, source];
    }
  }
  return screens;
};

/** Writes `FIRST_LOAD_FILE` from the bundle of index.html (see `listFirstLoadFiles`). */
export const firstLoadFiles = (appRoot: string): Plugin => ({
  name: 'rampart-first-load-files',
  apply: 'build',
  generateBundle(_options, bundle) {
    const files = listFirstLoadFiles(
      chunksOf(bundle),
      {
        boot: ['src/lib/contract-schemas.ts', 'src/lib/call-route.ts'],
        // The header's menu, and the avatar drawn in it.
        layouts: {
          default: [
            'src/app/layouts/default-layout.tsx',
            'src/features/auth/components/user-menu.tsx',
            'src/components/avatar-image/artwork/index.tsx',
          ],
        },
        screens: readScreenModules(appRoot),
        // One per folder of src/locales, as src/lib/i18n/i18n.ts finds them.
        catalogues: Object.fromEntries(
          fs
            .readdirSync(path.join(appRoot, 'src/locales'), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => [entry.name, `src/locales/${entry.name}/index.ts`]),
        ),
      },
      appRoot,
    );
    this.emitFile({
      type: 'asset',
      fileName: FIRST_LOAD_FILE,
      source: `${JSON.stringify(files, null, 2)}\n`,
    });
  },
});
