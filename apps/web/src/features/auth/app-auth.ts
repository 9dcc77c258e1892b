import type { AuthUser } from '@rampart/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { loadContractSchemas } from '../../lib/load-contract-schemas';
import type { AuthConfig } from './auth-config';
import { playerAuthConfig, trainerAuthConfig } from './auth-configs';
import {
  createAuthClient,
  type AuthClient,
  type AuthLogger,
  type AuthNavigator,
} from './auth-client';

/**
 * Where each interface's user lives in TanStack Query (value: AuthUser, or null for nobody).
 * Other features read and update these entries (the avatar choice writes the new user).
 */
export const authQueryKeys = {
  player: ['auth', 'player'],
  trainer: ['auth', 'trainer'],
} as const;

export type AuthSide = keyof typeof authQueryKeys;

/**
 * The keys of the auth mutations others watch: the player's event stream opens nothing while the
 * player logs out (`useIsMutating`), the server may have ended the session already.
 */
export const authMutationKeys = {
  logout: (side: AuthSide) => [...authQueryKeys[side], 'logout'] as const,
};

/** Entries that belong to nobody in particular (identities, the deployment's info). */
const KEPT_QUERIES: ReadonlySet<unknown> = new Set(['auth', 'app-info']);

export interface AppAuth {
  player: AuthClient;
  trainer: AuthClient;
  /** Unhooks both clients from the API client. */
  dispose(): void;
}

export interface AppAuthOptions {
  queryClient: QueryClient;
  http: ApiClient;
  navigator: AuthNavigator;
  configs?: Record<AuthSide, AuthConfig>;
  logger?: AuthLogger;
}

/** Validates the user endpoint's answer with the contracts, whose zod stays off the first page. */
const parseUser = async (body: unknown): Promise<AuthUser> => {
  const { authUserSchema } = await loadContractSchemas();
  const parsed = authUserSchema.safeParse((body as { user?: unknown } | null | undefined)?.user);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    status: 200,
    code: 'client.unexpected_response',
    message: 'The user does not match its contract',
    cause: parsed.error,
  });
};

/** The player and trainer clients of the app, their users kept in the query cache. */
export const createAppAuth = ({
  queryClient,
  http,
  navigator,
  configs = { player: playerAuthConfig, trainer: trainerAuthConfig },
  logger,
}: AppAuthOptions): AppAuth => {
  // The account whose data the cache holds. A classroom computer changes hands: when another
  // account logs in, nothing the previous one loaded may show, even for an instant.
  const cachedAccounts: Partial<Record<AuthSide, string>> = {};
  const forgetOtherAccount = (side: AuthSide, user: AuthUser | null) => {
    if (!user) return;
    const previous = cachedAccounts[side];
    if (previous !== undefined && previous !== user.uuid) {
      queryClient.removeQueries({ predicate: ({ queryKey }) => !KEPT_QUERIES.has(queryKey[0]) });
      http.forgetPreloads();
    }
    cachedAccounts[side] = user.uuid;
  };

  const createSide = (side: AuthSide) => {
    const queryKey = authQueryKeys[side];
    const client = createAuthClient(configs[side], {
      http,
      navigator,
      parseUser,
      ...(logger ? { logger } : {}),
      store: {
        get: () => queryClient.getQueryData<AuthUser | null>(queryKey),
        set: (user) => {
          forgetOtherAccount(side, user);
          queryClient.setQueryData<AuthUser | null>(queryKey, user);
        },
      },
    });
    // `useQuery({ queryKey: ['auth', 'player'] })` works anywhere, and the entry is never dropped
    // nor refetched behind the guards' back: they refresh it when the credential goes.
    queryClient.setQueryDefaults(queryKey, {
      queryFn: ({ signal }) => client.fetchIdentity(signal),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    });
    return client;
  };

  const player = createSide('player');
  const trainer = createSide('trainer');
  const uninstall = [player.install(), trainer.install()];
  return { player, trainer, dispose: () => uninstall.forEach((remove) => remove()) };
};
