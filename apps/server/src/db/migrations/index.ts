import type { Migration } from 'kysely';
import * as instanceSettings from './0001-instance-settings.js';
import * as identity from './0002-identity.js';
import * as eventLog from './0003-event-log.js';
import * as content from './0004-content.js';
import * as sessions from './0005-sessions.js';
import * as play from './0006-play.js';
import * as presence from './0007-presence.js';
import * as chat from './0008-chat.js';
import * as trainerAudit from './0009-trainer-audit.js';
import * as survey from './0010-survey.js';
import * as results from './0011-results.js';
import * as objectiveExplanation from './0012-objective-explanation.js';
import * as labs from './0013-labs.js';
import * as labConsoleTickets from './0014-lab-console-tickets.js';
import * as labVpn from './0015-lab-vpn.js';
import * as labSessionStarts from './0016-lab-session-starts.js';
import * as hotPathForeignKeys from './0017-hot-path-foreign-keys.js';
import * as teamCompletedObjectives from './0018-team-completed-objectives.js';
import * as sessionKeysOffTheLedger from './0019-session-keys-off-the-ledger.js';
import * as sessionSpeedrunCount from './0020-session-speedrun-count.js';
import * as missionAnswerReveal from './0021-mission-answer-reveal.js';
import * as submissionClientId from './0022-submission-client-id.js';
import * as accountIdentity from './0023-account-identity.js';
import * as accountLocaleChosen from './0024-account-locale-chosen.js';
import * as sessionEndWhenAllSolved from './0025-session-end-when-all-solved.js';
import * as displayLinks from './0026-display-links.js';
import * as supportObjective from './0027-support-objective.js';
import * as objectiveHints from './0028-objective-hints.js';
import * as hintFiles from './0029-hint-files.js';
import * as answerLimitOnState from './0030-answer-limit-on-state.js';

/**
 * Every migration, in order. Forward-only: a migration is never edited or removed once
 * released; a change is a new numbered file added at the end of this list.
 */
export const migrations: Record<string, Migration> = {
  '0001-instance-settings': instanceSettings,
  '0002-identity': identity,
  '0003-event-log': eventLog,
  '0004-content': content,
  '0005-sessions': sessions,
  '0006-play': play,
  '0007-presence': presence,
  '0008-chat': chat,
  '0009-trainer-audit': trainerAudit,
  '0010-survey': survey,
  '0011-results': results,
  '0012-objective-explanation': objectiveExplanation,
  '0013-labs': labs,
  '0014-lab-console-tickets': labConsoleTickets,
  '0015-lab-vpn': labVpn,
  '0016-lab-session-starts': labSessionStarts,
  '0017-hot-path-foreign-keys': hotPathForeignKeys,
  '0018-team-completed-objectives': teamCompletedObjectives,
  '0019-session-keys-off-the-ledger': sessionKeysOffTheLedger,
  '0020-session-speedrun-count': sessionSpeedrunCount,
  '0021-mission-answer-reveal': missionAnswerReveal,
  '0022-submission-client-id': submissionClientId,
  '0023-account-identity': accountIdentity,
  '0024-account-locale-chosen': accountLocaleChosen,
  '0025-session-end-when-all-solved': sessionEndWhenAllSolved,
  '0026-display-links': displayLinks,
  '0027-support-objective': supportObjective,
  '0028-objective-hints': objectiveHints,
  '0029-hint-files': hintFiles,
  '0030-answer-limit-on-state': answerLimitOnState,
};
