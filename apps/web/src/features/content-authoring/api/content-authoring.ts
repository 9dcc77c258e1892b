import {
  deleteChapter,
  deleteObjectiveFile,
  getChapterDocument,
  getChapterPack,
  postContentPacks,
  postObjectiveFile,
  putChapterDocument,
} from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { trainerPlayersQueryKeys } from '../../trainer/api/players';
import type { ChapterDraft } from '../lib/chapter-draft';
import { documentForSave } from '../lib/chapter-draft';

export const contentAuthoringKeys = {
  document: (uuid: string) => ['trainer', 'content', 'document', uuid] as const,
};

const chapterPath = (path: string, uuid: string) =>
  path.replace('{uuid}', encodeURIComponent(uuid));
const objectivePath = (path: string, objectiveUuid: string, fileUuid = '') =>
  path
    .replace('{objectiveUuid}', encodeURIComponent(objectiveUuid))
    .replace('{fileUuid}', encodeURIComponent(fileUuid));

/** Where the browser downloads a chapter's pack (a zip): a plain link, the cookie goes along. */
export const chapterPackUrl = (uuid: string) => chapterPath(getChapterPack.path, uuid);

/** The chapters list is the players screen's query: one cache, both screens stay in step. */
const useRefreshChapters = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trainerPlayersQueryKeys.chapters });
};

export const useChapterDocument = (uuid: string | null) =>
  useQuery({
    queryKey: contentAuthoringKeys.document(uuid ?? ''),
    enabled: uuid !== null,
    // The editor keeps its own draft: a refetch behind its back would change nothing it shows.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      apiClient.get(chapterPath(getChapterDocument.path, uuid!), {
        signal,
        schema: getChapterDocument.responses[200],
      }),
  });

export const useSaveChapter = () => {
  const refresh = useRefreshChapters();
  return useMutation({
    mutationFn: ({ draft, revision }: { draft: ChapterDraft; revision: string | null }) =>
      apiClient.put(
        chapterPath(putChapterDocument.path, draft.chapter.uuid),
        { document: documentForSave(draft), revision },
        { schema: putChapterDocument.responses[200] },
      ),
    onSuccess: () => void refresh(),
  });
};

export const useDeleteChapter = () => {
  const refresh = useRefreshChapters();
  return useMutation({
    mutationFn: (uuid: string) => apiClient.delete(chapterPath(deleteChapter.path, uuid)),
    onSuccess: () => void refresh(),
  });
};

export const useAttachFile = () =>
  useMutation({
    mutationFn: ({ objectiveUuid, file }: { objectiveUuid: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiClient.post(objectivePath(postObjectiveFile.path, objectiveUuid), form, {
        schema: postObjectiveFile.responses[201],
      });
    },
  });

export const useRemoveFile = () =>
  useMutation({
    mutationFn: ({ objectiveUuid, fileUuid }: { objectiveUuid: string; fileUuid: string }) =>
      apiClient.delete(objectivePath(deleteObjectiveFile.path, objectiveUuid, fileUuid)),
  });

/** A zip of content packs: checked first (`dryRun`), then imported. */
export const useImportPack = () => {
  const refresh = useRefreshChapters();
  return useMutation({
    mutationFn: ({ archive, dryRun }: { archive: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('dryRun', String(dryRun));
      form.append('archive', archive);
      return apiClient.post(postContentPacks.path, form, {
        schema: postContentPacks.responses[200],
      });
    },
    onSuccess: (answer) => {
      if (!answer.import.dryRun) void refresh();
    },
  });
};
