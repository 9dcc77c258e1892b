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
import { callRoute } from '../../../lib/call-route';
import { trainerPlayersQueryKeys } from '../../trainer-players/api/players';
import type { ChapterDraft } from '../lib/chapter-draft';
import { documentForSave } from '../lib/chapter-draft';
import { fillPath } from '../../../lib/route-path';

export const contentAuthoringKeys = {
  document: (uuid: string) => ['trainer', 'content', 'document', uuid] as const,
};

/** Where the browser downloads a chapter's pack (a zip): a plain link, the cookie goes along. */
export const chapterPackUrl = (uuid: string) => fillPath(getChapterPack.path, { uuid });

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
    queryFn: ({ signal }) => callRoute(getChapterDocument, { params: { uuid: uuid! }, signal }),
  });

export const useSaveChapter = () => {
  const refresh = useRefreshChapters();
  return useMutation({
    mutationFn: ({ draft, revision }: { draft: ChapterDraft; revision: string | null }) =>
      callRoute(putChapterDocument, {
        params: { uuid: draft.chapter.uuid },
        body: { document: documentForSave(draft), revision },
      }),
    onSuccess: () => void refresh(),
  });
};

export const useDeleteChapter = () => {
  const refresh = useRefreshChapters();
  return useMutation({
    mutationFn: (uuid: string) => callRoute(deleteChapter, { params: { uuid } }),
    onSuccess: () => void refresh(),
  });
};

export const useAttachFile = () =>
  useMutation({
    mutationFn: ({ objectiveUuid, file }: { objectiveUuid: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return callRoute(postObjectiveFile, { params: { objectiveUuid }, body: form });
    },
  });

export const useRemoveFile = () =>
  useMutation({
    mutationFn: ({ objectiveUuid, fileUuid }: { objectiveUuid: string; fileUuid: string }) =>
      callRoute(deleteObjectiveFile, { params: { objectiveUuid, fileUuid } }),
  });

/** A zip of content packs: checked first (`dryRun`), then imported. */
export const useImportPack = () => {
  const refresh = useRefreshChapters();
  return useMutation({
    mutationFn: ({ archive, dryRun }: { archive: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('dryRun', String(dryRun));
      form.append('archive', archive);
      return callRoute(postContentPacks, { body: form });
    },
    onSuccess: (answer) => {
      if (!answer.import.dryRun) void refresh();
    },
  });
};
