import type { ScreenModule } from './screen-modules';

/**
 * The console's screens, one lazy step further than the others: the first page of every visitor
 * carries a single entry for all of them (this module) instead of one per screen with the list
 * of chunks each needs. Players never load this module; a trainer loads it once, with the first
 * console screen.
 */
export const trainerScreenModules = {
  trainerHome: () => import('../../features/trainer-sessions/screens/trainer-home-screen'),
  trainerSessionNew: () =>
    import('../../features/trainer-sessions/screens/trainer-session-new-screen'),
  trainerSession: () => import('../../features/cockpit/screens/trainer-session-screen'),
  trainerPlayers: () => import('../../features/trainer-players/screens/trainer-players-screen'),
  trainerContent: () => import('../../features/content-authoring/screens/content-screen'),
  trainerChapterEditor: () =>
    import('../../features/content-authoring/screens/chapter-editor-screen'),
} satisfies Record<string, () => Promise<ScreenModule>>;

export type TrainerScreenId = keyof typeof trainerScreenModules;
