// Gaming sessions as players see them: shared by the join, team, lobby, start and game screens
// (all lazy chunks).
export { useSession, sessionQueryOptions, type PlayerSession } from './api/get-session';
export { useCurrentSessions } from './api/get-current-sessions';
export { sessionUuidFromJoinLink } from './lib/join-link';
export {
  useCloseSession,
  useCreatePlayerSession,
  useCreateTeam,
  useJoinSession,
  useJoinTeam,
  useLeaveSession,
  useLeaveTeam,
  useStartSession,
  useSwitchMission,
} from './api/session-mutations';
export { SessionGate } from './components/session-gate';
export { SessionHeader } from './components/session-header';
export { TeamRoster } from './components/team-roster';
export { TeamLogo } from './components/team-logo';
export { CopyToken } from './components/copy-token';
export { LeaveSessionButton, LeaveSessionDialog } from './components/leave-session';
export { default as sessionStyles } from './components/session-screen.module.css';
export { useServerNow, msUntil, formatClock } from './hooks/use-server-now';
export { useReadAgainAtZero } from './hooks/use-read-again-at-zero';
export { useSessionEvent } from './hooks/session-events';
export { sessionScreenPath, type SessionScreen } from './lib/session-screens';
export { sessionQueryKeys } from './lib/session-query-keys';
