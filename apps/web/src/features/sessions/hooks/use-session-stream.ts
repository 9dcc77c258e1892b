import { getSessionEvents, type ChatThreadsAnswer, type EventEnvelope } from '@rampart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth';
import { chatQueryKeys } from '../../chat/api/chat-query-keys';
import { mergeMessage } from '../../chat/lib/chat-cache';
import { contentQueryKeys } from '../../content/content-query-keys';
import { labQueryKeys } from '../../game/api/lab-query-keys';
import {
  useEventStream,
  type EventStreamHandlers,
  type StreamStatus,
} from '../../../lib/event-stream';
import { sessionQueryKeys } from '../lib/session-query-keys';
import type { PlayerSession } from '../api/get-session';
import type { SessionEvents } from './session-events';
import { useLabNotices } from './use-lab-notices';
import { fillPath } from '../../../lib/route-path';

/** Each handler, then the screen's listeners: they see an event once the caches heard of it. */
const passingOn = (handlers: EventStreamHandlers, events: SessionEvents | undefined) =>
  events
    ? (Object.fromEntries(
        Object.entries(handlers).map(([type, handler]) => [
          type,
          type === 'stream.reset'
            ? handler
            : (event: EventEnvelope) => {
                (handler as (event: unknown) => void)(event);
                events.emit(event);
              },
        ]),
      ) as EventStreamHandlers)
    : handlers;

/**
 * The session's event stream while a session screen is open: every change refetches the
 * session (teams, members, status); a change of course (pause, resume, stop) also updates the
 * timer at once and says so in a toast. Reopened when the player's team changes, since the team
 * decides which of the session's events this player may read.
 */
export const useSessionStream = (
  session: PlayerSession | undefined,
  events?: SessionEvents,
): StreamStatus => {
  const { t } = useTranslation(['sessions', 'game']);
  const queryClient = useQueryClient();
  const uuid = session?.uuid;
  const teamUuid = session?.gaming_session_user?.gaming_session_team?.uuid ?? 'none';
  const refresh = () => {
    if (!uuid) return;
    void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(uuid) });
    void queryClient.invalidateQueries({ queryKey: contentQueryKeys.all });
  };
  /** Objectives and ranking of the game in progress (and the session's own progress). */
  const refreshGame = () => {
    if (!uuid) return;
    void queryClient.invalidateQueries({ queryKey: ['game', uuid] });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(uuid) });
  };
  const ownTeam = session?.gaming_session_user?.gaming_session_team?.uuid ?? null;
  const eliminated = session?.gaming_session_user?.gaming_session_team?.eliminated ?? false;
  const selfId = useCurrentUser()?.uuid ?? null;
  const labNotice = useLabNotices(ownTeam, session?.status);
  const path =
    uuid && session?.gaming_session_user ? fillPath(getSessionEvents.path, { uuid }) : null;

  return useEventStream(
    path,
    passingOn(
      {
        'session.status_changed': ({ payload }) => {
          if (uuid) {
            queryClient.setQueriesData<PlayerSession>(
              { queryKey: sessionQueryKeys.detail(uuid) },
              (current) =>
                current && {
                  ...current,
                  ...payload,
                  clockOffsetMs: Date.parse(payload.serverTime) - Date.now(),
                },
            );
          }
          if (payload.status === 'paused') toast.info(t('toast.paused'));
          if (payload.status === 'running') toast.info(t('toast.resumed'));
          if (payload.status === 'stopped') toast.info(t('toast.stopped'));
          // The game ended early: every team still playing solved every objective.
          if (payload.allSolved)
            toast.success(
              ownTeam && !eliminated ? t('game:team.allSolved') : t('toast.allSolvedEnded'),
            );
          refresh();
          // What a running speedrun is worth stops and restarts with the clock.
          refreshGame();
        },
        'session.updated': refresh,
        // A trainer changed the session under way: the timer moves at once, and the minutes
        // added or removed are said.
        'session.settings_changed': ({ payload }) => {
          if (uuid) {
            const { sessionUuid: _session, minutesAdded: _minutes, ...settings } = payload;
            queryClient.setQueriesData<PlayerSession>(
              { queryKey: sessionQueryKeys.detail(uuid) },
              (current) =>
                current && {
                  ...current,
                  ...settings,
                  clockOffsetMs: Date.parse(payload.serverTime) - Date.now(),
                },
            );
          }
          const count = Math.abs(payload.minutesAdded);
          if (payload.minutesAdded > 0) toast.info(t('toast.minutesAdded', { count }));
          if (payload.minutesAdded < 0) toast.info(t('toast.minutesRemoved', { count }));
          refresh();
          refreshGame();
        },
        'session.player_joined': refresh,
        'team.created': refresh,
        'team.member_joined': refresh,
        'team.member_left': refresh,
        // Teams a trainer fixed: who is in which team, and so what this player's game shows.
        'team.member_moved': () => {
          refresh();
          refreshGame();
        },
        'session.player_left': () => {
          refresh();
          refreshGame();
        },
        'team.dissolved': ({ payload }) => {
          refresh();
          refreshGame();
          if (payload.teamUuid === ownTeam)
            toast.warning(t('toast.ownTeamDissolved', { team: payload.teamName }));
        },
        'team.reinstated': ({ payload }) => {
          refresh();
          refreshGame();
          toast.info(t('toast.reinstated', { team: payload.teamName }));
        },
        // A teammate opened or closed the game: only the session's view (who is online) changed.
        'team.presence_changed': () => {
          if (uuid) void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(uuid) });
        },
        'objective.solved': ({ payload }) => {
          refreshGame();
          if (payload.teamUuid === ownTeam) return;
          // Who solved, never what they answered.
          if (payload.firstBlood) toast.info(t('toast.firstBlood', { team: payload.teamName }));
          else toast.info(t('toast.solved', { team: payload.teamName }));
        },
        'objective.attempted': refreshGame,
        // To the team only: a teammate bought a hint (or the trainer gave one); its text comes
        // with the objectives read again, never with the event.
        'hint.unlocked': ({ payload }) => {
          refreshGame();
          toast.info(
            payload.free
              ? t('toast.hintGiven', { position: payload.position })
              : t('toast.hintUnlocked', {
                  pseudo: payload.pseudo,
                  position: payload.position,
                  count: payload.cost,
                }),
          );
        },
        'objective.unlocked': () => {
          refreshGame();
          toast.info(t('toast.unlocked'));
        },
        // A trainer edited an objective in play: read again through the player's own view.
        'objective.updated': () => {
          refreshGame();
          toast.info(t('toast.objectiveUpdated'));
        },
        'speedrun.launched': ({ payload }) => {
          refreshGame();
          toast.warning(t('toast.speedrun', { title: payload.title }), {
            description: payload.description,
          });
        },
        // Written twice for the team concerned: to the session without the reason, to the team
        // with it. The team toasts the copy with the reason; other teams only get the first.
        'team.eliminated': ({ payload }) => {
          refreshGame();
          refresh();
          if (payload.teamUuid === ownTeam && payload.reason === null) return;
          toast.warning(t('toast.eliminated', { team: payload.teamName }), {
            description: payload.reason ?? undefined,
          });
        },
        // Likewise: every player learns of the points, the team alone reads the trainer's reason
        // (its view lists it too).
        'score.adjusted': ({ payload }) => {
          refreshGame();
          if (payload.teamUuid === ownTeam && payload.reason === null) return;
          const direction = payload.points >= 0 ? 'Gain' : 'Loss';
          const count = Math.abs(payload.points);
          toast.info(
            payload.teamUuid === ownTeam
              ? t(`toast.adjustedOwn${direction}`, { count })
              : t(`toast.adjusted${direction}`, { count, team: payload.teamName }),
            { description: payload.reason ?? undefined },
          );
        },
        'ranking.changed': refreshGame,
        // The team's lab environment started, became ready, was extended or released: the
        // Console and VPN tabs read it again, and the player is told in words.
        'lab.environment_changed': (event) => {
          if (uuid)
            void queryClient.invalidateQueries({ queryKey: labQueryKeys.environment(uuid) });
          labNotice(event);
        },
        // Into the threads as they are: a message of someone else is unread until seen.
        'chat.message_posted': ({ payload }) => {
          if (!uuid) return;
          const key = chatQueryKeys.session(uuid);
          if (!queryClient.getQueryData(key))
            return void queryClient.invalidateQueries({ queryKey: key });
          queryClient.setQueryData<ChatThreadsAnswer>(key, (current) =>
            mergeMessage(current, payload.message, payload.message.author.id !== selfId),
          );
        },
        'stream.reset': () => {
          refresh();
          refreshGame();
          if (uuid)
            void queryClient.invalidateQueries({ queryKey: labQueryKeys.environment(uuid) });
          if (uuid) void queryClient.invalidateQueries({ queryKey: chatQueryKeys.session(uuid) });
        },
      },
      events,
    ),
    { scope: teamUuid },
  );
};
