import type { AppInfo, Locale } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { loadContractSchemas } from '../../load-contract-schemas';
import { appLocales } from '../../locales';

export const getAppInfo = async (signal?: AbortSignal): Promise<AppInfo> => {
  const [{ getAppInfo: route }, callRoute] = await Promise.all([
    loadContractSchemas(),
    // callRoute comes with the schemas, out of the first page's JavaScript.
    import('../../call-route').then((module) => module.callRoute),
  ]);
  return callRoute(route, signal ? { signal } : {});
};

/** Loaded once per page load (main.tsx prefetches it); the deployment does not change under us. */
export const appInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['app-info'] as const,
    queryFn: ({ signal }) => getAppInfo(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export interface AppInfoView {
  appName: string;
  mentions: string | null;
  availableLocales: readonly Locale[];
  goHomeEnabled: boolean;
  /** The organisation's identity provider, when the deployment offers sign-in through it. */
  signInProvider: { label: string; trainers: boolean } | null;
  /** False until the server answered (and forever when it could not): the defaults are in use. */
  loaded: boolean;
}

/** The deployment's app info, with sensible defaults while it loads or when it cannot be loaded. */
export const useAppInfo = (): AppInfoView => {
  const { data } = useQuery(appInfoQueryOptions());
  const { t } = useTranslation();
  const defaultName = t('app.defaultName');
  return useMemo(
    () => ({
      appName: data?.['app-name'] || defaultName,
      mentions: data?.mentions || null,
      availableLocales: data?.['available-locales'].length ? data['available-locales'] : appLocales,
      goHomeEnabled: data?.['go-home-enabled'] ?? true,
      signInProvider: data?.['sign-in-provider'] ?? null,
      loaded: data !== undefined,
    }),
    [data, defaultName],
  );
};
