import {
  postCloseSession,
  postJoinSession,
  postJoinTeam,
  postLeaveSession,
  postLeaveTeam,
  postSession,
  postStartSession,
  postTeam,
  putSessionMission,
} from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { contentQueryKeys } from '../../content/content-query-keys';
import { sessionQueryKeys } from '../lib/session-query-keys';

/**
 * After any change to a session: its detail and the lists that show it (home, current sessions).
 * Not awaited: the caller's own `onSuccess` runs at once (the team's token shows before the
 * refreshed session moves the player on).
 */
const useRefreshSession = () => {
  const queryClient = useQueryClient();
  return (uuid: string) => {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(uuid) });
    void queryClient.invalidateQueries({ queryKey: contentQueryKeys.all });
  };
};

type SessionActionRoute =
  typeof postJoinSession | typeof postStartSession | typeof postCloseSession | typeof postLeaveTeam;

const sessionAction = (route: SessionActionRoute) => (uuid: string) =>
  callRoute(route, { params: { uuid } });

/** A session action of the owner or a player (join, start, close, leave the team). */
const useSessionAction = (route: SessionActionRoute) => {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: sessionAction(route),
    onSettled: (_data, _error, uuid) => refresh(uuid),
  });
};

export const useJoinSession = () => useSessionAction(postJoinSession);
export const useStartSession = () => useSessionAction(postStartSession);
export const useCloseSession = () => useSessionAction(postCloseSession);
export const useLeaveTeam = () => useSessionAction(postLeaveTeam);

/** The player leaves the session for good (their team keeps its points); lists forget it. */
export const useLeaveSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callRoute(postLeaveSession, { params: { uuid } }),
    onSuccess: (_data, uuid) => {
      // Not read again: the player is no longer in it, and the screens leave it.
      queryClient.removeQueries({ queryKey: sessionQueryKeys.detail(uuid) });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: contentQueryKeys.all });
    },
  });
};

/** A player creates a session of a mission of one of their chapters (they own it). */
export const useCreatePlayerSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (missionUuid: string) => callRoute(postSession, { body: { missionUuid } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentQueryKeys.all }),
  });
};

export const useSwitchMission = (uuid: string) => {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (missionUuid: string) =>
      callRoute(putSessionMission, { params: { uuid }, body: { missionUuid } }),
    onSettled: () => refresh(uuid),
  });
};

/** Creates a team: multipart, with the logo file when one was chosen. */
export const useCreateTeam = (uuid: string) => {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: ({ name, logo }: { name: string; logo: File | null }) => {
      const form = new FormData();
      form.append('name', name);
      if (logo) form.append('logo', logo);
      return callRoute(postTeam, { params: { uuid }, body: form });
    },
    onSettled: () => refresh(uuid),
  });
};

export const useJoinTeam = (uuid: string) => {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (token: string) => callRoute(postJoinTeam, { params: { uuid }, body: { token } }),
    onSettled: () => refresh(uuid),
  });
};
