import type { SurveyResponse } from '@rampart/contracts';

/**
 * Where the stats transition leads: to the survey
 * while this player has not rated the session, else straight to the stats. A survey that could
 * not be read (a player who did not play, a network failure) leads to the stats, which say why
 * they cannot be shown or offer the survey again.
 */
export const screenAfterStatsTransition = (
  survey: { response: SurveyResponse | null } | 'unreadable',
): 'survey' | 'stats' => (survey !== 'unreadable' && survey.response === null ? 'survey' : 'stats');
