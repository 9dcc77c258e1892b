/**
 * Authorisation is data: what each role may do. The server checks capabilities in its services;
 * the web app mirrors them to hide what a user cannot do, and never trusts that mirror.
 */
export const roles = ['player', 'trainer'] as const;
export type Role = (typeof roles)[number];

export const capabilities = [
  /** Read and change one's own profile, avatar, password, pseudo, language and sessions. */
  'profile.manage',
  /** Join sessions, form or join teams, submit answers, chat with one's team and session. */
  'game.play',
  /** Create a session for a mission of a chapter assigned to oneself. */
  'session.create_own',
  /** Author chapters, missions and objectives; import and export content packs. */
  'content.author',
  /** Assign chapters to players. */
  'content.assign',
  /** Create sessions and run them live: start, pause, eliminate, speedrun, stop. */
  'session.run',
  /** Issue single-use login links for players. */
  'account.issue_magic_link',
  /** List and manage player accounts. */
  'account.manage_players',
  /** Answer support chats and read every session's chat. */
  'support.answer',
  /** Read any session's statistics and debrief. */
  'debrief.read_all',
] as const;
export type Capability = (typeof capabilities)[number];

export const roleCapabilities: Readonly<Record<Role, readonly Capability[]>> = {
  // Players act only on their own account and on the sessions they belong to.
  player: ['profile.manage', 'game.play', 'session.create_own'],
  // Trainers run the exercise. They do not play: a trainer account cannot join a team, so a
  // trainer's view of answers never mixes with a team's score.
  trainer: [
    'profile.manage',
    'content.author',
    'content.assign',
    'session.run',
    'account.issue_magic_link',
    'account.manage_players',
    'support.answer',
    'debrief.read_all',
  ],
};

export const can = (role: Role, capability: Capability): boolean =>
  roleCapabilities[role].includes(capability);
