import {
  gameScreenReads,
  getSessionEvents,
  type ChatThreadsAnswer,
  type EventEnvelope,
  type Ranking,
} from '@rampart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth';
import { chatQueryKeys } from '../../chat/api/chat-query-keys';
import { mergeMessage } from '../../chat/lib/chat-cache';
import { gameQueryKeys } from '../../game/api/game-query-keys';
import type { GameObjectives } from '../../game/api/get-objectives';
import {
  hasOpenedObjective,
  mergeAttempt,
  mergeRankingIntoSession,
  mergeSolve,
  patchSessionTimes,
  rankingOf,
} from '../../game/lib/game-cache';
import {
  useEventStream,
  type EventStreamHandlers,
  type StreamStatus,
} from '../../../lib/event-stream';
import { gameScreenKeyOf } from '../lib/game-screen-keys';
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
 * The session's event stream while a session screen is open. What an event's payload says is
 * merged into the cached session, objectives and ranking (`game-cache.ts`); what it cannot say
 * is read again, as the contracts' `gameScreenReads` lists per event, so that a solve costs the
 * open screens no request. A change of course (pause, resume, stop) moves the timer at once and
 * says so in a toast. Reopened when the player's team changes, since the team decides which of
 * the session's events this player may read (and a reconnection replays what it missed).
 */
export const useSessionStream = (
  session: PlayerSession | undefined,
  events?: SessionEvents,
): StreamStatus => {
  const { t } = useTranslation(['sessions', 'game']);
  const queryClient = useQueryClient();
  const uuid = session?.uuid;
  const teamUuid = session?.gaming_session_user?.gaming_session_team?.uuid ?? 'none';
  /** What the contracts' table says this event makes the game screen read again. */
  const readAgain = (type: keyof typeof gameScreenReads) => {
    if (!uuid) return;
    for (const query of gameScreenReads[type])
      void queryClient.invalidateQueries({ queryKey: gameScreenKeyOf(query, uuid) });
  };
  const patchSession = (
    patch: (current: PlayerSession | undefined) => PlayerSession | undefined,
  ) => {
    if (!uuid) return;
    const key = sessionQueryKeys.detail(uuid);
    // A read under way may have left before this event and would land over the patch (a lobby
    // put back after the start): it is dropped and read again, from after the event.
    const overtaken = queryClient.isFetching({ queryKey: key }) > 0;
    queryClient.setQueriesData<PlayerSession>({ queryKey: key }, patch);
    if (overtaken) void queryClient.invalidateQueries({ queryKey: key });
  };
  const patchObjectives = (
    patch: (current: GameObjectives | undefined) => GameObjectives | undefined,
  ) => {
    if (!uuid) return;
    const key = gameQueryKeys.objectivesAll(uuid);
    queryClient.setQueriesData<GameObjectives>({ queryKey: key }, patch);
    // A solve opened a locked objective: its text comes only with the objectives read again
    // (once, if the answer's own response already asked for them).
    if (
      queryClient
        .getQueriesData<GameObjectives>({ queryKey: key })
        .some(([, data]) => hasOpenedObjective(data))
    )
      void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
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
          patchSession((current) => patchSessionTimes(current, payload, Date.now()));
          if (payload.status === 'paused') toast.info(t('toast.paused'));
          if (payload.status === 'running') toast.info(t('toast.resumed'));
          if (payload.status === 'stopped') toast.info(t('toast.stopped'));
          // The game ended early: every team still playing solved every objective.
          if (payload.allSolved)
            toast.success(
              ownTeam && !eliminated ? t('game:team.allSolved') : t('toast.allSolvedEnded'),
            );
          readAgain('session.status_changed');
        },
        'session.updated': () => readAgain('session.updated'),
        // A trainer changed the session under way: the timer moves at once, and the minutes
        // added or removed are said.
        'session.settings_changed': ({ payload }) => {
          patchSession((current) => patchSessionTimes(current, payload, Date.now()));
          const count = Math.abs(payload.minutesAdded);
          if (payload.minutesAdded > 0) toast.info(t('toast.minutesAdded', { count }));
          if (payload.minutesAdded < 0) toast.info(t('toast.minutesRemoved', { count }));
          readAgain('session.settings_changed');
        },
        'session.player_joined': () => readAgain('session.player_joined'),
        'team.created': () => readAgain('team.created'),
        'team.member_joined': () => readAgain('team.member_joined'),
        'team.member_left': () => readAgain('team.member_left'),
        // Teams a trainer fixed: who is in which team, and so what this player's game shows.
        'team.member_moved': () => readAgain('team.member_moved'),
        'session.player_left': () => readAgain('session.player_left'),
        'team.dissolved': ({ payload }) => {
          readAgain('team.dissolved');
          if (payload.teamUuid === ownTeam)
            toast.warning(t('toast.ownTeamDissolved', { team: payload.teamName }));
        },
        'team.reinstated': ({ payload }) => {
          readAgain('team.reinstated');
          toast.info(t('toast.reinstated', { team: payload.teamName }));
        },
        // A teammate opened or closed the game: only the session's view (who is online) changed.
        'team.presence_changed': () => readAgain('team.presence_changed'),
        // Merged from the payload: the ranking that follows says the scores.
        'objective.solved': ({ payload, createdAt }) => {
          patchObjectives((current) =>
            mergeSolve(current, { ...payload, solvedAt: createdAt }, ownTeam),
          );
          readAgain('objective.solved');
          // A solve worth no points moves no score, so no ranking is announced after it: its
          // solved count is read again (rare: objectives are mostly worth points).
          if (payload.points === 0 && uuid) {
            void queryClient.invalidateQueries({ queryKey: gameQueryKeys.ranking(uuid) });
            if (payload.teamUuid === ownTeam)
              void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(uuid) });
          }
          if (payload.teamUuid === ownTeam) return;
          // Who solved, never what they answered.
          if (payload.firstBlood) toast.info(t('toast.firstBlood', { team: payload.teamName }));
          else toast.info(t('toast.solved', { team: payload.teamName }));
        },
        'objective.attempted': ({ payload }) => {
          patchObjectives((current) => mergeAttempt(current, payload));
          readAgain('objective.attempted');
        },
        // To the team only: a teammate bought a hint (or the trainer gave one); its text comes
        // with the objectives read again, never with the event.
        'hint.unlocked': ({ payload }) => {
          readAgain('hint.unlocked');
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
          readAgain('objective.unlocked');
          toast.info(t('toast.unlocked'));
        },
        // A trainer edited an objective in play: read again through the player's own view.
        'objective.updated': () => {
          readAgain('objective.updated');
          toast.info(t('toast.objectiveUpdated'));
        },
        'speedrun.launched': ({ payload }) => {
          readAgain('speedrun.launched');
          toast.warning(t('toast.speedrun', { title: payload.title }), {
            description: payload.description,
          });
        },
        // Written twice for the team concerned: to the session without the reason, to the team
        // with it. The team toasts the copy with the reason; other teams only get the first.
        'team.eliminated': ({ payload }) => {
          readAgain('team.eliminated');
          if (payload.teamUuid === ownTeam && payload.reason === null) return;
          toast.warning(t('toast.eliminated', { team: payload.teamName }), {
            description: payload.reason ?? undefined,
          });
        },
        // Likewise: every player learns of the points, the team alone reads the trainer's reason
        // (its view lists it too).
        'score.adjusted': ({ payload }) => {
          readAgain('score.adjusted');
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
        // The whole table, with every column the ranking shows: taken as it is, and the teams'
        // places and scores patched into the session's view.
        'ranking.changed': ({ payload }) => {
          if (!uuid) return;
          const key = gameQueryKeys.ranking(uuid);
          // A read still under way answers an older table: it must not land over this one.
          void queryClient.cancelQueries({ queryKey: key });
          queryClient.setQueryData<Ranking>(key, rankingOf(payload));
          patchSession((current) => mergeRankingIntoSession(current, payload));
          readAgain('ranking.changed');
        },
        // The team's lab environment started, became ready, was extended or released: the
        // Console and VPN tabs read it again, and the player is told in words.
        'lab.environment_changed': (event) => {
          readAgain('lab.environment_changed');
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
        // Events were missed: everything the screen holds is read again.
        'stream.reset': () => readAgain('stream.reset'),
      },
      events,
    ),
    // A first visit starts where the session was read: nothing between that read and the
    // stream's opening is lost (another player joining the team meanwhile, say).
    { scope: teamUuid, ...(session ? { from: session.streamPosition } : {}) },
  );
};
