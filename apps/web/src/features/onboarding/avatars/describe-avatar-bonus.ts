import type { AvatarBonus } from '@rampart/contracts';
import type { TFunction } from 'i18next';

type OnboardingT = TFunction<'onboarding'>;

/**
 * What a bonus does, in the player's language. A function of the bonus data only: a new avatar
 * with a known kind of bonus needs no code, and no text ever depends on an avatar's id.
 * Percentages go through Intl (catalogue format `number(style: percent)`), signed.
 */
const describers: {
  [K in AvatarBonus['kind']]: (t: OnboardingT, bonus: Extract<AvatarBonus, { kind: K }>) => string;
} = {
  none: (t) => t('bonus.none'),
  speedrun_extra_time: (t, { percent }) => t('bonus.speedrunExtraTime', { percent: percent / 100 }),
  first_blood_boost: (t, { percent }) => t('bonus.firstBloodBoost', { percent: percent / 100 }),
  // A shield lowers the penalty: shown as a negative share ("−10 % on wrong-answer penalties").
  penalty_shield: (t, { percent }) => t('bonus.penaltyShield', { percent: -percent / 100 }),
};

export const describeAvatarBonus = (t: OnboardingT, bonus: AvatarBonus): string =>
  (describers[bonus.kind] as (t: OnboardingT, bonus: AvatarBonus) => string)(t, bonus);
