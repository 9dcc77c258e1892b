import {
  getRankingCsv,
  getSessionExport,
  getSubmissionsCsv,
  getTrainerMissionSurvey,
  getTrainerSessionSurvey,
} from '@rampart/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { callRoute } from '../../../lib/call-route';
import { fillPath } from '../../../lib/route-path';

/**
 * A session's debrief for trainers: its exports and its survey answers. Survey keys stay out of
 * `trainerQueryKeys.session(uuid)`, which every team change invalidates.
 */
export const debriefQueryKeys = {
  sessionSurvey: (uuid: string) => ['trainer', 'survey', 'session', uuid] as const,
  missionSurvey: (uuid: string) => ['trainer', 'survey', 'mission', uuid] as const,
};

/**
 * The three exports, as plain links: the trainer's cookie goes with a same-origin GET, and a
 * GET needs no CSRF token, so the browser downloads them itself.
 */
export const sessionExports = (uuid: string) =>
  [
    { id: 'ranking', href: fillPath(getRankingCsv.path, { uuid }) },
    { id: 'submissions', href: fillPath(getSubmissionsCsv.path, { uuid }) },
    { id: 'session', href: fillPath(getSessionExport.path, { uuid }) },
  ] as const;

export type TrainerSessionSurvey = z.infer<(typeof getTrainerSessionSurvey.responses)[200]>;
export type TrainerMissionSurvey = z.infer<(typeof getTrainerMissionSurvey.responses)[200]>;

/** Comments shown at most; the newest first. */
const COMMENTS = 50;

/** How often a session's answers are read again while players may still be rating it. */
export const SURVEY_REFRESH_MS = 30_000;

/**
 * A session's survey answers. Players rate once the session is over: before, the answers are
 * read once; after, again every half minute while the cockpit stays open.
 */
export const useTrainerSessionSurvey = (uuid: string, over: boolean) =>
  useQuery({
    queryKey: debriefQueryKeys.sessionSurvey(uuid),
    queryFn: ({ signal }) =>
      callRoute(getTrainerSessionSurvey, { params: { uuid }, query: { limit: COMMENTS }, signal }),
    refetchInterval: over ? SURVEY_REFRESH_MS : false,
  });

/**
 * Reads a session's answers again when it ends, since players rate it from then on. Called by
 * the cockpit, which stays mounted while its panels move.
 */
export const useSurveyRefreshOnEnd = (uuid: string, over: boolean) => {
  const queryClient = useQueryClient();
  const wasOver = useRef(over);
  useEffect(() => {
    if (over && !wasOver.current)
      void queryClient.invalidateQueries({ queryKey: debriefQueryKeys.sessionSurvey(uuid) });
    wasOver.current = over;
  }, [over, uuid, queryClient]);
};

/** Every session of a mission: its survey answers overall and session by session. */
export const useTrainerMissionSurvey = (uuid: string, enabled = true) =>
  useQuery({
    queryKey: debriefQueryKeys.missionSurvey(uuid),
    queryFn: ({ signal }) =>
      callRoute(getTrainerMissionSurvey, { params: { uuid }, query: { limit: COMMENTS }, signal }),
    enabled,
  });
