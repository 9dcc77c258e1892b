import { deleteDisplayLink, getDisplayLinks, postDisplayLink } from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

export const displayLinkQueryKeys = {
  links: (uuid: string) => ['trainer', 'display-links', uuid] as const,
};

/** The session's projector view links, revoked ones included (who created and revoked them). */
export const useDisplayLinks = (uuid: string) =>
  useQuery({
    queryKey: displayLinkQueryKeys.links(uuid),
    queryFn: ({ signal }) => callRoute(getDisplayLinks, { params: { uuid }, signal }),
  });

/** Issues a link: the answer carries the token, once, and the display page's path. */
export const useCreateDisplayLink = (uuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(postDisplayLink, { params: { uuid } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayLinkQueryKeys.links(uuid) }),
  });
};

export const useRevokeDisplayLink = (uuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkUuid: string) => callRoute(deleteDisplayLink, { params: { uuid, linkUuid } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayLinkQueryKeys.links(uuid) }),
  });
};
