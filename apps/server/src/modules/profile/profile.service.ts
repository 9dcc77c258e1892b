import type { AvatarId, Locale } from '@rampart/contracts';
import { AppError } from '../../lib/errors.js';
import {
  requireCapability,
  toAuthUser,
  type AuthService,
  type Principal,
} from '../identity/auth.service.js';
import type { AccountRow, IdentityRepository } from '../identity/identity.repository.js';

/** The player's own account: avatar, pseudo, language. Every call acts on the caller only. */
export const createProfileService = (deps: { repo: IdentityRepository; auth: AuthService }) => {
  const { repo, auth } = deps;

  const save = async (
    principal: Principal,
    changes: Parameters<IdentityRepository['updateAccount']>[1],
  ) => {
    requireCapability(principal, 'profile.manage');
    const updated = await repo.updateAccount(principal.accountId, changes);
    if (!updated) throw new AppError('account.not_found');
    if ('conflict' in updated) {
      throw new AppError('profile.pseudo_taken', undefined, [
        { path: 'body.pseudo', message: 'profile.pseudo_taken' },
      ]);
    }
    auth.evictAccount(principal.accountId);
    return userOf(principal, updated);
  };

  const userOf = (principal: Principal, account: AccountRow) =>
    toAuthUser({
      ...principal,
      pseudo: account.pseudo,
      avatarId: account.avatar_id,
      locale: account.locale,
    });

  return {
    chooseAvatar: (principal: Principal, avatarId: AvatarId) =>
      save(principal, { avatar_id: avatarId }),

    changePseudo: (principal: Principal, pseudo: string) => {
      if (pseudo === principal.pseudo) {
        throw new AppError('profile.pseudo_unchanged', undefined, [
          { path: 'body.pseudo', message: 'profile.pseudo_unchanged' },
        ]);
      }
      return save(principal, { pseudo });
    },

    changeLocale: (principal: Principal, locale: Locale) =>
      save(principal, { locale, locale_chosen: true }),

    async profile(principal: Principal) {
      requireCapability(principal, 'profile.manage');
      const account = await repo.findAccountById(principal.accountId);
      if (!account) throw new AppError('account.not_found');
      return {
        user: userOf(principal, account),
        createdAt: account.created_at.toISOString(),
      };
    },
  };
};

export type ProfileService = ReturnType<typeof createProfileService>;
