/**
 * How the app's code shared by several screens is cut into files, so that no two files need
 * each other.
 *
 * A file that two screens share is loaded by both; one per set of sharing screens is many small
 * files, and a phone on a slow link pays a round trip per file beyond the six it requests at
 * once. So small sets are merged. Merged freely, two files can end up each importing the other
 * (the browser then runs one first, with the other's bindings undefined: `chunk-cycles.ts` stops
 * such a build). Merged here, they cannot:
 *
 * - a module's *roots* are the entry points that load it with their static imports: the page's
 *   entry and every dynamically imported module (each screen, each lazily loaded part);
 * - a module imports only modules loaded by every root that loads it, so an importee's roots
 *   include its importer's: it has at least as many, and the same number means the same roots;
 * - modules are merged only with modules of the same number of roots (the same *level*): an
 *   import between two files of a level would join modules of equal roots, which are always put
 *   in the same file, so every import between files leads to a higher level, never back.
 *
 * The modules the page's entry loads are left to the entry's own group (they load first,
 * everywhere), and those of one root to that root's file. Within a level, sets of roots are
 * taken largest first; one under `mergeBytes` joins the file of its level that adds the fewest
 * bytes to the screens' loads (if at most `mergeBytes`), so that a screen loads little code it
 * does not run. The files are then put in order, level after level, and neighbours under
 * `smallBytes` share a file: a run of that order, so imports between files still only lead
 * forward. Sizes are the modules' transformed source, in characters, before minification.
 *
 * The libraries that only some screens use are planned with the app's code (their sizes count):
 * Markdown's goes with the Markdown component instead of a file most screens load.
 *
 * What the plan does not see. It reads the graph before tree-shaking: a module reached from the
 * entry only through the contracts' barrel (`sideEffects: false`) counts as the entry's, so the
 * contracts and zod are not planned; and a merge counts the set's own size, not the files its
 * modules import. The bundler gives an unplanned module to the first group, by priority, whose
 * modules need it (`includeDependenciesRecursively`, on by default: never turn it off, or such
 * modules would have no group). That rule alone keeps groups from importing each other both ways
 * (a group imports only groups taken before it); the order of positions is what makes the files
 * the plan's: a later file is taken first, so an earlier one cannot swallow its modules.
 */

/** What the plan reads of a module (rolldown's `ModuleInfo`). */
export interface PlannedModule {
  id: string;
  isEntry: boolean;
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
  code: string | null;
}

export interface SharedChunk {
  /** The file's name: the level of its first modules and its position (`shared-3-12`). */
  name: string;
  /** Its place in the files' order: a file imports only files placed after it. */
  position: number;
}

/**
 * The file of each shared module of the app (`isShared(id)`), by the rules above. Modules not in
 * the answer are left to the bundler: those of the entry's first load and those of one root.
 */
export const planSharedChunks = (
  modules: ReadonlyMap<string, PlannedModule>,
  isShared: (id: string) => boolean,
  { mergeBytes, smallBytes }: { mergeBytes: number; smallBytes: number },
): Map<string, SharedChunk> => {
  const roots = new Map<string, Set<string>>();
  const initial = new Set<string>();
  for (const module of modules.values()) {
    if (!module.isEntry && module.dynamicImporters.length === 0) continue;
    const stack = [module.id];
    const seen = new Set(stack);
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (module.isEntry) initial.add(id);
      let of = roots.get(id);
      if (!of) roots.set(id, (of = new Set()));
      of.add(module.id);
      for (const next of modules.get(id)?.importedIds ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
  }

  // Each set of roots, with its modules and their size, by level.
  interface RootSet {
    roots: string[];
    modules: string[];
    bytes: number;
  }
  const sets = new Map<string, RootSet>();
  for (const [id, of] of roots) {
    if (of.size < 2 || initial.has(id) || !isShared(id)) continue;
    const sorted = [...of].sort();
    const key = sorted.join('\n');
    let set = sets.get(key);
    if (!set) sets.set(key, (set = { roots: sorted, modules: [], bytes: 0 }));
    set.modules.push(id);
    set.bytes += modules.get(id)?.code?.length ?? 0;
  }
  const levels = new Map<number, RootSet[]>();
  for (const set of sets.values()) {
    const level = levels.get(set.roots.length) ?? [];
    level.push(set);
    levels.set(set.roots.length, level);
  }

  // The files of each level, in the levels' order: imports between files only go forward in
  // it (to a higher level). Within a level no file imports another, so a level's files may come
  // in any order: small ones at the level's end, then at the next level's start, so that they
  // sit side by side and can share one file.
  const sequence: { level: number; modules: string[]; bytes: number }[] = [];
  [...levels]
    .sort(([a], [b]) => a - b)
    .forEach(([level, members], index) => {
      // Largest first; ties in the roots' order, so that a build always cuts the same files.
      members.sort((a, b) => b.bytes - a.bytes || a.roots.join().localeCompare(b.roots.join()));
      const files: { roots: Set<string>; modules: string[]; bytes: number }[] = [];
      for (const set of members) {
        let home = set.bytes >= mergeBytes ? undefined : closest(files, set, mergeBytes);
        if (!home) files.push((home = { roots: new Set(), modules: [], bytes: 0 }));
        home.modules.push(...set.modules);
        home.bytes += set.bytes;
        for (const root of set.roots) home.roots.add(root);
      }
      const small = files.filter((file) => file.bytes < smallBytes);
      const large = files.filter((file) => file.bytes >= smallBytes);
      const ordered = index % 2 === 0 ? [...large, ...small] : [...small, ...large];
      sequence.push(
        ...ordered.map((file) => ({ level, modules: file.modules, bytes: file.bytes })),
      );
    });

  // Neighbours in the sequence under `smallBytes` share a file, up to `smallBytes` together: a
  // file is a run of the sequence, so imports between files still only go forward.
  const plan = new Map<string, SharedChunk>();
  let position = -1;
  let run: { bytes: number; small: boolean; name: string } | null = null;
  for (const file of sequence) {
    const small = file.bytes < smallBytes;
    if (!run || !small || !run.small || run.bytes + file.bytes > smallBytes) {
      position += 1;
      run = { bytes: 0, small, name: `shared-${file.level}-${position + 1}` };
    }
    run.bytes += file.bytes;
    const chunk = { name: run.name, position };
    for (const id of file.modules) plan.set(id, chunk);
  }
  return plan;
};

/**
 * The file `set` adds the fewest bytes to the screens' loads by joining (the file's bytes to each
 * of the set's roots not among the file's, the set's to each of the file's not among its own), if
 * that is at most `limit` bytes.
 */
const closest = <F extends { roots: Set<string>; bytes: number }>(
  files: F[],
  set: { roots: readonly string[]; bytes: number },
  limit: number,
) => {
  let best: F | undefined;
  let bestCost = limit;
  for (const file of files) {
    const common = set.roots.filter((root) => file.roots.has(root)).length;
    const cost = (set.roots.length - common) * file.bytes + (file.roots.size - common) * set.bytes;
    if (cost <= bestCost) {
      best = file;
      bestCost = cost;
    }
  }
  return best;
};

/** The bundler's view of the module graph, as a chunk group's `name` function is given it. */
interface GraphContext {
  getModuleInfo(id: string): PlannedModule | null;
}

/** Every module reachable from `start` in either direction: the whole graph of the build. */
const readGraph = (context: GraphContext, start: string) => {
  const modules = new Map<string, PlannedModule>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (modules.has(id)) continue;
    const info = context.getModuleInfo(id);
    if (!info) continue;
    modules.set(id, info);
    for (const next of [
      ...info.importedIds,
      ...info.dynamicallyImportedIds,
      ...info.importers,
      ...info.dynamicImporters,
    ])
      if (!modules.has(next)) stack.push(next);
  }
  return modules;
};

/**
 * The chunk groups that apply the plan: one per position, the later positions first (a group
 * takes the modules its own need and no group has taken yet, so a file never takes a module
 * planned for a file after it). They use priorities 1 to `maxFiles`; the groups that must come
 * before them (the libraries', the entry's) use higher ones. The plan is read from the build's
 * graph once per build (`reset()` at its start).
 */
export const sharedChunkGroups = ({
  test,
  mergeBytes,
  smallBytes,
  maxFiles = 256,
}: {
  /** The modules to plan: all but those of the groups before these (the libraries' named ones). */
  test: (id: string) => boolean;
  mergeBytes: number;
  smallBytes: number;
  maxFiles?: number;
}) => {
  let plan: Map<string, SharedChunk> | null = null;
  const planFor = (id: string, context: GraphContext) => {
    if (!plan) {
      plan = planSharedChunks(readGraph(context, id), test, {
        mergeBytes,
        smallBytes,
      });
      const files = new Set([...plan.values()].map((chunk) => chunk.position)).size;
      if (files > maxFiles)
        throw new Error(`shared-chunks: ${files} shared files planned, more than ${maxFiles}`);
    }
    return plan.get(id) ?? null;
  };
  const groups = Array.from({ length: maxFiles }, (_, position) => ({
    debugName: `shared-${position + 1}`,
    priority: position + 1,
    test,
    name: (id: string, context: GraphContext) => {
      const chunk = planFor(id, context);
      return chunk?.position === position ? chunk.name : null;
    },
  }));
  return {
    groups,
    reset: () => {
      plan = null;
    },
  };
};
