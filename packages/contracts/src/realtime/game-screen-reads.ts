import type { RealtimeEventType } from './events.js';

/** What an open game screen keeps from the server, each read over HTTP by one route. */
export const gameScreenQueries = [
  'session',
  'objectives',
  'ranking',
  'content',
  'lab',
  'chat',
] as const;
export type GameScreenQuery = (typeof gameScreenQueries)[number];

type SessionStreamReads = {
  [T in RealtimeEventType | 'stream.reset']?: readonly GameScreenQuery[];
};

/**
 * What a player's open game screen reads again over HTTP when an event of the session's stream
 * arrives. Whatever an event's payload says is merged into the screen's data instead (the web's
 * `game-cache.ts`), so the events every screen receives on each answer (`objective.solved`,
 * `objective.attempted`, `ranking.changed`) read nothing again: a solve costs each open screen
 * no request, whatever the number of screens. What a payload cannot say is read again: a hint's
 * text (never in an event), an objective a trainer changed, who is in which team.
 *
 * One table for the web's stream handler and for `npm run bench`, whose simulated clients do
 * exactly what it says on each event to count the requests a solve costs.
 *
 * Not listed, because they depend on the screen's own data: a solve by the screen's own team
 * that opens a locked objective reads the objectives again (their text comes with the unlock),
 * a solve worth no points reads the ranking again (no score moved, so no ranking is announced),
 * and a chat message reads the threads only when they were never loaded.
 */
export const gameScreenReads = {
  // Patched in place from the payload; the objectives hold what a speedrun is worth on the clock.
  'session.status_changed': ['content', 'objectives'],
  'session.settings_changed': ['content'],
  'session.updated': ['session', 'content'],
  'session.player_joined': ['session', 'content'],
  'team.created': ['session', 'content'],
  'team.member_joined': ['session', 'content'],
  'team.member_left': ['session', 'content'],
  // Who is in which team decides what the screen shows of the game.
  'team.member_moved': ['session', 'content', 'objectives', 'ranking'],
  'session.player_left': ['session', 'content', 'objectives', 'ranking'],
  'team.dissolved': ['session', 'content', 'objectives', 'ranking'],
  'team.reinstated': ['session', 'content', 'objectives', 'ranking'],
  'team.eliminated': ['session', 'content', 'objectives', 'ranking'],
  'team.presence_changed': ['session'],
  'objective.solved': [],
  'objective.attempted': [],
  'ranking.changed': [],
  // A hint's text and an objective's changed text come only with the objectives.
  'hint.unlocked': ['objectives'],
  'objective.unlocked': ['objectives'],
  'objective.updated': ['objectives'],
  'speedrun.launched': ['objectives'],
  // The team's list of the trainers' adjustments (with their reasons) is in the session's view.
  'score.adjusted': ['session'],
  'lab.environment_changed': ['lab'],
  'chat.message_posted': [],
  // Events were missed: everything the screen holds is read again.
  'stream.reset': ['session', 'content', 'objectives', 'ranking', 'lab', 'chat'],
} as const satisfies SessionStreamReads;

/**
 * What the player's own answer reads again once answered: nothing, its response says the
 * objective's state and the team's score, and the stream the rest.
 */
export const answerReads: readonly GameScreenQuery[] = [];
