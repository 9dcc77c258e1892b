import { putLocale as putLocaleRoute, type AuthUser, type Locale } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { authQueryKeys } from '../../auth';

/** Saves the language on the account; the server also sets the `locale` cookie. */
export const putLocale = async (locale: Locale) => {
  const { user } = await callRoute(putLocaleRoute, { body: { locale } });
  return user;
};

export const useSaveLocale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putLocale,
    onSuccess: (user) => queryClient.setQueryData<AuthUser | null>(authQueryKeys.player, user),
  });
};
