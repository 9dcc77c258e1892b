import { deleteDisplayLink, getDisplayLinks, postDisplayLink } from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionApiPath } from '../../sessions/lib/session-query-keys';

export const displayLinkQueryKeys = {
  links: (uuid: string) => ['trainer', 'display-links', uuid] as const,
};

/** The session's projector view links, revoked ones included (who created and revoked them). */
export const useDisplayLinks = (uuid: string) =>
  useQuery({
    queryKey: displayLinkQueryKeys.links(uuid),
    queryFn: ({ signal }) =>
      apiClient.get(sessionApiPath(getDisplayLinks.path, uuid), {
        schema: getDisplayLinks.responses[200],
        signal,
      }),
  });

/** Issues a link: the answer carries the token, once, and the display page's path. */
export const useCreateDisplayLink = (uuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post(sessionApiPath(postDisplayLink.path, uuid), undefined, {
        schema: postDisplayLink.responses[201],
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayLinkQueryKeys.links(uuid) }),
  });
};

export const useRevokeDisplayLink = (uuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkUuid: string) =>
      apiClient.delete(sessionApiPath(deleteDisplayLink.path, uuid, { linkUuid }), {
        schema: deleteDisplayLink.responses[200],
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayLinkQueryKeys.links(uuid) }),
  });
};
