import path from 'node:path';
import { webRoutes } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { listFirstLoadFiles, readScreenModules, type BundleChunk } from './first-load-files';

const appRoot = path.resolve(import.meta.dirname, '..');
const at = (source: string) => path.join(appRoot, source);

const chunk = (fileName: string, fields: Partial<BundleChunk> = {}): BundleChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  css: [],
  moduleIds: [],
  ...fields,
});

// index.html's entry imports React and the app's first code; the game screen shares the app's
// code with the home screen and brings zod; the catalogues and the boot's schemas are lazy.
const bundle: BundleChunk[] = [
  chunk('assets/index-1.js', {
    isEntry: true,
    facadeModuleId: at('index.html'),
    imports: ['assets/react.js', 'assets/initial.js'],
    css: ['assets/initial.css'],
  }),
  chunk('assets/react.js'),
  chunk('assets/initial.js', { imports: ['assets/react.js'] }),
  chunk('assets/game.js', {
    facadeModuleId: at('src/features/game/screens/session-game-screen.tsx'),
    imports: ['assets/shared.js', 'assets/zod.js', 'assets/react.js'],
    css: ['assets/game.css'],
  }),
  chunk('assets/home.js', {
    facadeModuleId: at('src/features/home/screens/home-screen.tsx'),
    imports: ['assets/shared.js'],
  }),
  chunk('assets/shared.js', { imports: ['assets/initial.js'], css: ['assets/shared.css'] }),
  chunk('assets/zod.js'),
  chunk('assets/schemas.js', {
    facadeModuleId: at('src/lib/contract-schemas.ts'),
    imports: ['assets/zod.js'],
  }),
  chunk('assets/en.js', { facadeModuleId: at('src/locales/en/index.ts') }),
  chunk('assets/layout.js', {
    facadeModuleId: at('src/app/layouts/default-layout.tsx'),
    imports: ['assets/shared.js'],
  }),
  chunk('assets/menu.js', {
    facadeModuleId: at('src/features/auth/components/user-menu.tsx'),
    imports: ['assets/react.js'],
  }),
];

const modules = {
  boot: ['src/lib/contract-schemas.ts'],
  layouts: {
    default: ['src/app/layouts/default-layout.tsx', 'src/features/auth/components/user-menu.tsx'],
  },
  screens: {
    sessionGame: ['src/features/game/screens/session-game-screen'],
    home: ['src/features/home/screens/home-screen.tsx'],
  },
  catalogues: { en: 'src/locales/en/index.ts' },
};

describe('the first-load files of each screen', () => {
  it("lists a screen's chunk, its static imports and their styles, not what the page names", () => {
    const files = listFirstLoadFiles(bundle, modules, appRoot);
    expect(files.screens.sessionGame).toEqual([
      '/assets/game.js',
      '/assets/game.css',
      '/assets/shared.js',
      '/assets/shared.css',
      '/assets/zod.js',
    ]);
    expect(files.screens.home).toEqual([
      '/assets/home.js',
      '/assets/shared.js',
      '/assets/shared.css',
    ]);
    expect(files.boot).toEqual(['/assets/schemas.js', '/assets/zod.js']);
    // A layout's modules with what they load (the header's menu), each file once.
    expect(files.layouts).toEqual({
      default: ['/assets/layout.js', '/assets/shared.js', '/assets/shared.css', '/assets/menu.js'],
    });
    expect(files.catalogues).toEqual({ en: ['/assets/en.js'] });
  });

  it('fails the build when a module it is told of is no chunk of its own', () => {
    expect(() =>
      listFirstLoadFiles(
        bundle,
        { ...modules, screens: { chapter: ['src/features/chapters/screens/chapter-screen'] } },
        appRoot,
      ),
    ).toThrow(/no chunk is imported from src\/features\/chapters\/screens\/chapter-screen/);
  });

  it("finds every route's screen module in the router's lists", () => {
    const screens = readScreenModules(appRoot);
    expect(Object.keys(screens).sort()).toEqual(webRoutes.map((route) => route.id).sort());
    expect(screens.sessionGame).toEqual(['src/features/game/screens/session-game-screen']);
    // A console screen comes through the list of the console's screens.
    expect(screens.trainerHome).toEqual([
      'src/app/router/trainer-screen-modules.ts',
      'src/features/trainer-sessions/screens/trainer-home-screen',
    ]);
  });
});
