import type { AuthUser } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { authQueryKeys, type AuthSide } from '../app-auth';

/**
 * The user logged in to an interface, or null. The guards have loaded it before any screen of
 * that interface renders; the query's defaults (app-auth.ts) fetch it anywhere else, unless
 * `enabled` is false (then only what the cache already holds).
 */
export const useCurrentUser = (
  side: AuthSide = 'player',
  { enabled = true }: { enabled?: boolean } = {},
): AuthUser | null => {
  const { data } = useQuery<AuthUser | null>({ queryKey: authQueryKeys[side], enabled });
  return data ?? null;
};
