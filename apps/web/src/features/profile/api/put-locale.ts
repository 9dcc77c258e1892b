import { putLocale as putLocaleRoute, type AuthUser, type Locale } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authQueryKeys } from '../../auth';

/** Saves the language on the account; the server also sets the `locale` cookie. */
export const putLocale = async (locale: Locale) => {
  const { user } = await apiClient.put(
    putLocaleRoute.path,
    { locale },
    { schema: putLocaleRoute.responses[200] },
  );
  return user;
};

export const useSaveLocale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putLocale,
    onSuccess: (user) => queryClient.setQueryData<AuthUser | null>(authQueryKeys.player, user),
  });
};
