import path from 'node:path';
import type { Plugin } from 'vite';
import { chunksOf, type BundleChunk } from './first-load-files.ts';

/** What the check reads of a chunk: its static imports, and the modules it holds. */
export type ChunkImports = Pick<BundleChunk, 'fileName' | 'imports' | 'moduleIds'>;

/**
 * The first cycle among the chunks' static imports, as the files on it with the first one
 * repeated at the end (`a → b → a`), or null when the chunks import each other in one direction
 * only.
 */
export const findChunkCycle = (chunks: readonly ChunkImports[]): string[] | null => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = onPath.indexOf(file);
    if (at >= 0) return [...onPath.slice(at), file];
    if (done.has(file)) return null;
    onPath.push(file);
    for (const next of byFile.get(file)?.imports ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(file);
    return null;
  };
  for (const chunk of chunks) {
    const cycle = visit(chunk.fileName);
    if (cycle) return cycle;
  }
  return null;
};

/** A chunk as a reader can find it: its file and the first of its modules, from the app's root. */
const described = (chunk: ChunkImports | undefined, file: string, appRoot: string) => {
  const first = chunk?.moduleIds.find((id) => !id.startsWith('\0'));
  if (!first) return file;
  const more = chunk!.moduleIds.length > 1 ? ` and ${chunk!.moduleIds.length - 1} more` : '';
  return `${file} (${path.relative(appRoot, first).split(path.sep).join('/')}${more})`;
};

/**
 * Refuses a bundle whose chunks import each other in a cycle. The chunk groups of
 * `vite.config.ts` put modules together by who shares them; merged freely, one changed import
 * could move a module so that two chunks each need the other, and the browser then runs one of
 * them first, with the other's bindings not yet defined. It happened once: a schema of the
 * contracts was built before zod's classes existed, and every page failed at its first read,
 * while the build, the type check and the unit tests all passed. The shared code's plan
 * (`shared-chunks.ts`) cannot make such a pair; this check guards the whole bundle anyway (the
 * libraries' groups, the bundler's own chunks), and the build stops here, naming the chunks.
 */
export const noChunkCycles = (appRoot: string): Plugin => ({
  name: 'rampart-no-chunk-cycles',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = chunksOf(bundle);
    const cycle = findChunkCycle(chunks);
    if (!cycle) return;
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    this.error(
      `the bundle's chunks import each other in a cycle: ${cycle
        .map((file) => described(byFile.get(file), file, appRoot))
        .join(' → ')}. A chunk of a cycle can run before the one it needs is defined. Change the ` +
        'imports that join them, or the chunk groups of vite.config.ts.',
    );
  },
});
