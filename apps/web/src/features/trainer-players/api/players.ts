import {
  getTrainerChapters,
  getTrainerPlayers,
  postMagicLink,
  postTrainerPlayer,
  postTrainerPlayerPasswordReset,
  postTrainerPlayersImport,
  putChapterAssignments,
  type PlayerHandover,
} from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

export const trainerPlayersQueryKeys = {
  all: ['trainer', 'players'] as const,
  chapters: ['trainer', 'players', 'chapters'] as const,
};

export const useTrainerPlayers = () =>
  useQuery({
    queryKey: trainerPlayersQueryKeys.all,
    queryFn: ({ signal }) => callRoute(getTrainerPlayers, { signal }),
  });

/** Every chapter with its assignees: the players screen shows and edits assignments from it. */
export const useTrainerChapters = () =>
  useQuery({
    queryKey: trainerPlayersQueryKeys.chapters,
    queryFn: ({ signal }) => callRoute(getTrainerChapters, { signal }),
  });

const useRefreshPlayers = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trainerPlayersQueryKeys.all });
};

export const useCreatePlayer = () => {
  const refresh = useRefreshPlayers();
  return useMutation({
    mutationFn: (input: {
      username: string;
      pseudo: string;
      locale: 'fr' | 'en';
      password?: string;
    }) => callRoute(postTrainerPlayer, { body: input }),
    onSuccess: refresh,
  });
};

export const useImportPlayers = () => {
  const refresh = useRefreshPlayers();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return callRoute(postTrainerPlayersImport, {
        body: form,
        query: { dryRun: dryRun ? 'true' : undefined },
      });
    },
    onSuccess: (report) => {
      if (!report.dryRun) refresh();
    },
  });
};

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ uuid, method }: { uuid: string; method: 'temporary_password' | 'magic_link' }) =>
      callRoute(postTrainerPlayerPasswordReset, { params: { uuid }, body: { method } }),
  });

/** A single-use login link for a player, as a handover to show once. */
export const useIssueMagicLink = () =>
  useMutation({
    mutationFn: async (uuid: string): Promise<PlayerHandover> => {
      const link = await callRoute(postMagicLink, { params: { uuid } });
      return { kind: 'magic_link', url: link.url, expiresAt: link.expiresAt };
    },
  });

/**
 * Assigns or unassigns chapters of one player: the API sets a chapter's whole list of assignees,
 * so each changed chapter is sent with this player added or removed.
 */
export const useSetPlayerChapters = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      playerUuid,
      changes,
    }: {
      playerUuid: string;
      changes: { chapterUuid: string; assignees: string[]; assigned: boolean }[];
    }) => {
      for (const change of changes) {
        const others = change.assignees.filter((id) => id !== playerUuid);
        await callRoute(putChapterAssignments, {
          params: { uuid: change.chapterUuid },
          body: { playerIds: change.assigned ? [...others, playerUuid] : others },
        });
      }
    },
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: trainerPlayersQueryKeys.chapters }),
  });
};

/** A CSV of username and what to hand over, for the trainer to keep or mail-merge. */
export const handoverCsv = (
  rows: { username: string; pseudo: string; handover: PlayerHandover | null }[],
): string => {
  const quote = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const lines = rows.map((row) =>
    [
      row.username,
      row.pseudo,
      row.handover?.kind === 'magic_link' ? row.handover.url : '',
      row.handover?.kind === 'password' ? row.handover.password : '',
    ]
      .map(quote)
      .join(','),
  );
  return ['username,pseudo,login_link,temporary_password', ...lines].join('\r\n') + '\r\n';
};
