import { describe, expect, it } from 'vitest';
import { planSharedChunks, type PlannedModule } from './shared-chunks';

/** A graph from `imports` (static) and `lazy` (dynamic imports); `main` is the page's entry. */
const graph = (
  imports: Record<string, string[]>,
  {
    lazy = {},
    bytes = {},
  }: { lazy?: Record<string, string[]>; bytes?: Record<string, number> } = {},
) => {
  const ids = new Set([
    'main',
    ...Object.keys(imports),
    ...Object.values(imports).flat(),
    ...Object.keys(lazy),
    ...Object.values(lazy).flat(),
  ]);
  const modules = new Map<string, PlannedModule>();
  for (const id of ids)
    modules.set(id, {
      id,
      isEntry: id === 'main',
      importedIds: imports[id] ?? [],
      dynamicallyImportedIds: lazy[id] ?? [],
      importers: [...ids].filter((other) => imports[other]?.includes(id)),
      dynamicImporters: [...ids].filter((other) => lazy[other]?.includes(id)),
      code: 'x'.repeat(bytes[id] ?? 1_000),
    });
  return modules;
};

const plan = (modules: Map<string, PlannedModule>, mergeBytes = 80_000, smallBytes = 16_000) =>
  planSharedChunks(modules, () => true, { mergeBytes, smallBytes });

/** Every import between two planned files, as [from, to] positions. */
const fileImports = (modules: Map<string, PlannedModule>, planned: ReturnType<typeof plan>) =>
  [...modules.values()].flatMap((module) =>
    module.importedIds
      .filter((id) => planned.has(module.id) && planned.has(id))
      .map((id) => [planned.get(module.id)!.position, planned.get(id)!.position])
      .filter(([from, to]) => from !== to),
  );

/** A small deterministic random source (the same graphs at every run). */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('the shared chunks plan', () => {
  it('leaves the entry’s first load and each screen’s own modules to the bundler', () => {
    const modules = graph(
      {
        main: ['layout'],
        layout: ['button'],
        home: ['card', 'button'],
        game: ['board', 'card'],
        board: ['button'],
      },
      { lazy: { main: ['home', 'game'] } },
    );
    const planned = plan(modules);
    // `button` is loaded by the entry, `board` by the game only: neither is shared.
    expect([...planned.keys()]).toEqual(['card']);
  });

  it('puts modules loaded by the same screens in one file, whatever their size', () => {
    const modules = graph(
      { home: ['a', 'b'], game: ['a', 'b'], a: ['c'] },
      { lazy: { main: ['home', 'game'] }, bytes: { a: 100_000, b: 100_000, c: 100_000 } },
    );
    const planned = plan(modules);
    expect(new Set(['a', 'b', 'c'].map((id) => planned.get(id)!.name)).size).toBe(1);
  });

  it('keeps large sets of different screens apart, and lets small neighbours share a file', () => {
    // Two large sets (by two and by three screens) and two small ones the large ones have no
    // screen in common with (by two and by three screens too): the small ones, side by side in
    // the files' order, share one file across the levels.
    const modules = graph(
      {
        home: ['homeGame', 'homeGameStats'],
        game: ['homeGame', 'homeGameStats'],
        stats: ['homeGameStats'],
        profile: ['tiny2', 'tiny3'],
        lobby: ['tiny2', 'tiny3'],
        join: ['tiny3'],
      },
      {
        lazy: { main: ['home', 'game', 'stats', 'profile', 'lobby', 'join'] },
        bytes: { homeGame: 90_000, homeGameStats: 90_000, tiny2: 2_000, tiny3: 2_000 },
      },
    );
    const planned = plan(modules);
    expect(planned.get('homeGame')!.name).not.toBe(planned.get('homeGameStats')!.name);
    expect(planned.get('tiny2')!.name).toBe(planned.get('tiny3')!.name);
    expect(planned.get('tiny2')!.name).not.toBe(planned.get('homeGame')!.name);
  });

  it('merges small sets of a level with the closest of its files', () => {
    // Three modules, each shared by two screens, under the merge size: the two shared with the
    // game go together; the one the game never loads goes with them only if no file is closer.
    const modules = graph(
      {
        game: ['gameHome', 'gameStats'],
        home: ['gameHome'],
        stats: ['gameStats'],
        profile: ['profileLobby'],
        lobby: ['profileLobby'],
      },
      {
        lazy: { main: ['game', 'home', 'stats', 'profile', 'lobby'] },
        bytes: { gameHome: 40_000, gameStats: 30_000, profileLobby: 20_000 },
      },
    );
    const planned = plan(modules, 80_000, 1_000);
    expect(planned.get('gameHome')!.name).toBe(planned.get('gameStats')!.name);
    expect(planned.get('profileLobby')!.name).not.toBe(planned.get('gameHome')!.name);
  });

  it('never plans two files that import each other, on any graph', () => {
    // Random graphs of screens, shared modules importing each other (import cycles between
    // modules included), sizes around the thresholds: every import between two files must lead
    // to a later file, which makes a cycle among files impossible.
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = random(seed);
      const screens = Array.from({ length: 3 + Math.floor(next() * 8) }, (_, i) => `screen${i}`);
      const shared = Array.from({ length: 5 + Math.floor(next() * 30) }, (_, i) => `m${i}`);
      const imports: Record<string, string[]> = { main: ['m0'] };
      const bytes: Record<string, number> = {};
      for (const screen of screens)
        imports[screen] = shared.filter(() => next() < 0.25).concat('m0');
      for (const module of shared) {
        imports[module] = shared.filter((other) => other !== module && next() < 0.08);
        bytes[module] = Math.floor(next() * 40_000);
      }
      const modules = graph(imports, { lazy: { main: screens }, bytes });
      const planned = plan(modules, 30_000, 8_000);
      for (const [from, to] of fileImports(modules, planned)) expect(to).toBeGreaterThan(from!);
      // Modules loaded by the same screens always share a file.
      const byRoots = new Map<string, Set<string>>();
      for (const [id, chunk] of planned) {
        const roots = screens.filter((screen) => reaches(modules, screen, id)).join();
        byRoots.set(roots, (byRoots.get(roots) ?? new Set()).add(chunk.name));
      }
      for (const names of byRoots.values()) expect(names.size).toBe(1);
    }
  });
});

/** Whether `from`'s static imports reach `to`. */
const reaches = (modules: Map<string, PlannedModule>, from: string, to: string) => {
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === to) return true;
    for (const next of modules.get(id)!.importedIds) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return false;
};
