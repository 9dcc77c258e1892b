import { getChapter as getChapterRoute, type Locale } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { callRoute } from '../../../lib/call-route';
import { contentQueryKeys } from '../content-query-keys';
import { useContentLocale } from '../hooks/use-content-locale';

export const getChapter = async (uuid: string, locale: Locale, signal?: AbortSignal) => {
  const { chapter } = await callRoute(getChapterRoute, {
    params: { uuid },
    query: { locale },
    ...(signal ? { signal } : {}),
  });
  return chapter;
};

export type Chapter = Awaited<ReturnType<typeof getChapter>>;
export type ChapterMission = Chapter['missions'][number];
export type ObjectivePreview = ChapterMission['objectives'][number];

/** A uuid the API could ever know: anything else is not found without asking. */
export const isChapterUuid = (uuid: string): boolean =>
  getChapterRoute.params.shape.uuid.safeParse(uuid).success;

export const chapterQueryOptions = (uuid: string, locale: Locale) =>
  queryOptions({
    queryKey: contentQueryKeys.chapter(uuid, locale),
    queryFn: ({ signal }) => getChapter(uuid, locale, signal),
  });

/**
 * A chapter with its missions in order and this player's best scores, in the interface's
 * language. A 404 (unknown, or assigned to others) is thrown to the route's error boundary: the
 * app's not-found page, the same whether the chapter does not exist or is not the player's.
 * While another language loads, the same chapter stays on screen.
 */
export const useChapter = (uuid: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...chapterQueryOptions(uuid, useContentLocale()),
    enabled,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === uuid ? previous : undefined,
    throwOnError: (error) => isApiError(error) && error.status === 404,
  });
