import type { WebRouteId } from '@rampart/contracts';
import type { ComponentType } from 'react';
import type { TrainerScreenId } from './trainer-screen-modules';

export interface ScreenModule {
  default: ComponentType;
}

/** A console screen, through the one module that lists them all (see trainer-screen-modules). */
const trainerScreen = (id: TrainerScreenId) => () =>
  import('./trainer-screen-modules').then((modules) => modules.trainerScreenModules[id]());

/**
 * The module of each screen of `webRoutes`, imported on first visit: one chunk per screen.
 * Typed by route id, so adding a route to the contracts fails type checking until its screen exists.
 */
export const screenModules: Record<WebRouteId, () => Promise<ScreenModule>> = {
  index: () => import('../../features/home/screens/index-screen'),
  home: () => import('../../features/home/screens/home-screen'),
  login: () => import('../../features/auth/screens/login-screen'),
  authLogin: () => import('../../features/auth/screens/auth-login-screen'),
  profile: () => import('../../features/profile/screens/profile-screen'),
  profileSession: () => import('../../features/profile/screens/profile-session-screen'),
  currentSessions: () => import('../../features/sessions/screens/current-sessions-screen'),
  onboardingAvatar: () => import('../../features/onboarding/screens/onboarding-avatar-screen'),
  sessionJoin: () => import('../../features/teams/screens/session-join-screen'),
  sessionJoinTeams: () => import('../../features/teams/screens/session-join-teams-screen'),
  sessionCreateTeam: () => import('../../features/teams/screens/session-create-team-screen'),
  sessionLobby: () => import('../../features/lobby/screens/session-lobby-screen'),
  sessionStartScreen: () => import('../../features/lobby/screens/session-start-screen'),
  sessionGame: () => import('../../features/game/screens/session-game-screen'),
  sessionStats: () => import('../../features/stats/screens/session-stats-screen'),
  sessionStatsTransition: () =>
    import('../../features/stats/screens/session-stats-transition-screen'),
  sessionSurvey: () => import('../../features/survey/screens/session-survey-screen'),
  sessionVideoTransitionCreation: () =>
    import('../../features/transitions/screens/session-video-transition-creation-screen'),
  videoTransitionConnexion: () =>
    import('../../features/transitions/screens/video-transition-connexion-screen'),
  chapter: () => import('../../features/chapters/screens/chapter-screen'),
  trainerLogin: () => import('../../features/auth/screens/trainer-login-screen'),
  trainerHome: trainerScreen('trainerHome'),
  trainerSessionNew: trainerScreen('trainerSessionNew'),
  trainerSession: trainerScreen('trainerSession'),
  trainerPlayers: trainerScreen('trainerPlayers'),
  trainerContent: trainerScreen('trainerContent'),
  trainerChapterEditor: trainerScreen('trainerChapterEditor'),
  display: () => import('../../features/display/screens/display-screen'),
};
