import { avatars, type AvatarBonus } from '@rampart/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { describeAvatarBonus } from './describe-avatar-bonus';

// Intl separates a French percent with a narrow no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('describeAvatarBonus', () => {
  beforeAll(async () => {
    await i18n.loadLanguages('fr');
  });

  it.each<[AvatarBonus, string, string]>([
    [{ kind: 'none' }, 'No bonus: style only', 'Aucun bonus : juste le style'],
    [
      { kind: 'speedrun_extra_time', percent: 5 },
      '+5% extra time on speedruns',
      '+5 % de temps sur les speedruns',
    ],
    [
      { kind: 'speedrun_extra_time', percent: 12.5 },
      '+12.5% extra time on speedruns',
      '+12,5 % de temps sur les speedruns',
    ],
    [
      { kind: 'first_blood_boost', percent: 5 },
      '+5% on the first-blood bonus',
      '+5 % sur le bonus de premier sang',
    ],
    [
      { kind: 'penalty_shield', percent: 10 },
      '-10% on wrong-answer penalties',
      '-10 % sur les pénalités de mauvaise réponse',
    ],
  ])('describes %j', (bonus, english, french) => {
    expect(plain(describeAvatarBonus(i18n.getFixedT('en', 'onboarding'), bonus))).toBe(english);
    expect(plain(describeAvatarBonus(i18n.getFixedT('fr', 'onboarding'), bonus))).toBe(french);
  });

  it('reads the bonus, not the avatar: same bonus, same words', () => {
    const t = i18n.getFixedT('en', 'onboarding');
    const noBonus = avatars.filter((avatar) => avatar.bonus.kind === 'none');
    expect(noBonus.length).toBeGreaterThan(1);
    expect(new Set(noBonus.map((avatar) => describeAvatarBonus(t, avatar.bonus))).size).toBe(1);
    // The catalogue's named bonus: sentinel gives +5 % extra time.
    const sentinel = avatars.find((avatar) => avatar.id === 'sentinel')!;
    expect(describeAvatarBonus(t, sentinel.bonus)).toBe('+5% extra time on speedruns');
  });
});
