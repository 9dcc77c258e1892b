/**
 * The avatar catalogue. A bonus is data: the game rules read it through pure functions
 * (`avatarBonus`, `speedrunTimeFactor`), never through a branch on an avatar's id.
 */
export type AvatarBonus =
  | { kind: 'none' }
  /** Speedrun objectives lose their points this much more slowly (+5 % → f = 1.05). */
  | { kind: 'speedrun_extra_time'; percent: number }
  /** The first-blood bonus is raised by this share. */
  | { kind: 'first_blood_boost'; percent: number }
  /** A wrong answer costs this share less. */
  | { kind: 'penalty_shield'; percent: number };

export interface Avatar {
  readonly id: string;
  readonly bonus: AvatarBonus;
}

export const avatars = [
  { id: 'sentinel', bonus: { kind: 'speedrun_extra_time', percent: 5 } },
  { id: 'cipher', bonus: { kind: 'none' } },
  { id: 'phantom', bonus: { kind: 'first_blood_boost', percent: 5 } },
  { id: 'bastion', bonus: { kind: 'penalty_shield', percent: 10 } },
  { id: 'tracer', bonus: { kind: 'none' } },
  { id: 'oracle', bonus: { kind: 'none' } },
  { id: 'warden', bonus: { kind: 'none' } },
  { id: 'spark', bonus: { kind: 'none' } },
] as const satisfies readonly Avatar[];

export type AvatarId = (typeof avatars)[number]['id'];

export const avatarIds = avatars.map((avatar) => avatar.id) as [AvatarId, ...AvatarId[]];

export const findAvatar = (id: string | null | undefined): Avatar | undefined =>
  avatars.find((avatar) => avatar.id === id);

/** The bonus of an avatar, `none` for no avatar or an unknown one. */
export const avatarBonus = (id: string | null | undefined): AvatarBonus =>
  findAvatar(id)?.bonus ?? { kind: 'none' };

/** The divisor f of the speedrun formula: 1.05 for +5 % extra time, else 1. */
export const speedrunTimeFactor = (id: string | null | undefined): number => {
  const bonus = avatarBonus(id);
  return bonus.kind === 'speedrun_extra_time' ? 1 + bonus.percent / 100 : 1;
};

/**
 * What a wrong answer costs this player's team: lowered by a penalty-shield avatar. The server
 * charges it; the game screen says it before the player answers, so both read it here.
 */
export const penaltyPoints = (penalty: number, avatarId: string | null | undefined): number => {
  const avatar = avatarBonus(avatarId);
  return avatar.kind === 'penalty_shield'
    ? Math.round(penalty * (1 - avatar.percent / 100))
    : penalty;
};
