import type { WebRouteId } from '@rampart/contracts';
import type { ComponentType } from 'react';

export interface ScreenModule {
  default: ComponentType;
}

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
  trainerHome: () => import('../../features/trainer/screens/trainer-home-screen'),
  trainerSessionNew: () => import('../../features/trainer/screens/trainer-session-new-screen'),
  trainerSession: () => import('../../features/trainer/screens/trainer-session-screen'),
  trainerPlayers: () => import('../../features/trainer/screens/trainer-players-screen'),
  trainerContent: () => import('../../features/content-authoring/screens/content-screen'),
  trainerChapterEditor: () =>
    import('../../features/content-authoring/screens/chapter-editor-screen'),
};
