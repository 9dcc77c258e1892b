import {
  getTrainerCockpit,
  getTrainerSessionAudit,
  getTrainerSubmissions,
  postScoreAdjustment,
  type AuditEntry,
  type Submission,
} from '@rampart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

/**
 * The cockpit's own keys, outside `trainerQueryKeys.session(uuid)`: invalidating the session
 * (on every team change) must not refetch the grid and the audit at once; each follows its own
 * events, the grid throttled (see `useCockpitPanelsStream`).
 */
export const cockpitQueryKeys = {
  cockpit: (uuid: string) => ['trainer', 'cockpit', uuid] as const,
  audit: (uuid: string) => ['trainer', 'audit', uuid] as const,
};

/** Teams, objectives and the grid of objectives × teams of one session. */
export const useTrainerCockpit = (uuid: string) =>
  useQuery({
    queryKey: cockpitQueryKeys.cockpit(uuid),
    queryFn: ({ signal }) => callRoute(getTrainerCockpit, { params: { uuid }, signal }),
  });

export type SubmissionsPage = {
  submissions: Submission[];
  nextBefore: number | null;
  nextAfter: number | null;
};

/** One page of the submissions feed: the newest, older than `before`, or newer than `after`. */
export const fetchSubmissions = (
  uuid: string,
  cursor: { before?: number; after?: number } = {},
): Promise<SubmissionsPage> =>
  callRoute(getTrainerSubmissions, { params: { uuid }, query: cursor });

type AuditList = { entries: AuditEntry[]; hasMore: boolean };

/**
 * The trainer actions on the session, newest first: `pages` pages of 50 read one after the other
 * (`before`), all read again when the list changes, so a new action never leaves a gap. (No
 * infinite query: its observer would weigh on every first page's JS.)
 */
export const useSessionAudit = (uuid: string, pages: number) =>
  useQuery({
    queryKey: [...cockpitQueryKeys.audit(uuid), pages],
    // The list read so far stays on screen while the next page comes.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<AuditList> => {
      const entries: AuditEntry[] = [];
      let before: number | undefined;
      for (let page = 0; page < pages; page += 1) {
        const answer = await callRoute(getTrainerSessionAudit, {
          params: { uuid },
          query: { before, limit: 50 },
          signal,
        });
        entries.push(...answer.entries);
        if (answer.nextBefore === null) return { entries, hasMore: false };
        before = answer.nextBefore;
      }
      return { entries, hasMore: true };
    },
  });

/**
 * Adds or removes points to a team with a reason. The new score arrives on the stream
 * (`score.adjusted`, `ranking.changed`); the audit is read again at once, whatever the outcome.
 */
export const useAdjustScore = (uuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ team, points, reason }: { team: string; points: number; reason: string }) =>
      callRoute(postScoreAdjustment, { params: { uuid, team }, body: { points, reason } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.cockpit(uuid) });
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.audit(uuid) });
    },
  });
};
