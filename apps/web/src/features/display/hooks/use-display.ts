import type { DisplaySnapshot, EventEnvelope } from '@rampart/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  useEventStream,
  type EventStreamHandlers,
  type StreamStatus,
} from '../../../lib/event-stream';
import { clockOffsetMs } from '../../../lib/clock-offset';
import {
  DisplayRefused,
  displayApiPaths,
  displayQueryKeys,
  fetchDisplaySnapshot,
} from '../api/display-api';

export type DisplayData = DisplaySnapshot & { clockOffsetMs: number };

/** A moment the room should notice: shown over the board for a few seconds. */
type BannerContent =
  | { kind: 'first_blood' | 'speedrun_won'; teamName: string; objectiveUuid: string }
  | { kind: 'speedrun_launched'; title: string; points: number };
export type DisplayBanner = BannerContent & { id: number };

const BANNER_MS = 7_000;
/** Events older than this when they arrive (a replay after a long drop) raise no banner. */
const BANNER_FRESH_MS = 30_000;
/** A burst of solves refetches the snapshot once. */
const REFETCH_THROTTLE_MS = 600;

/**
 * The projector view's state: the snapshot, read again (throttled) after each event of the
 * display stream, the clock moved at once by a change of course, and the banners of first bloods
 * and speedruns. Network drops are retried without end: a wall screen has no one to press reload.
 */
export const useDisplay = (token: string) => {
  const queryClient = useQueryClient();
  const key = displayQueryKeys.snapshot(token);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchDisplaySnapshot(token, signal),
    retry: (_count, error) => !(error instanceof DisplayRefused),
    retryDelay: (attempt) => Math.min(30_000, 1000 * 2 ** attempt),
    refetchOnWindowFocus: false,
  });

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: displayQueryKeys.snapshot(token) });
    }, REFETCH_THROTTLE_MS);
  }, [queryClient, token]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const [banners, setBanners] = useState<DisplayBanner[]>([]);
  const nextId = useRef(0);
  const raise = useCallback(
    (event: EventEnvelope, banner: BannerContent) => {
      const offset =
        queryClient.getQueryData<DisplayData>(displayQueryKeys.snapshot(token))?.clockOffsetMs ?? 0;
      if (Date.now() + offset - Date.parse(event.createdAt) > BANNER_FRESH_MS) return;
      nextId.current += 1;
      const shown: DisplayBanner = { ...banner, id: nextId.current };
      setBanners((current) => [...current, shown]);
      setTimeout(
        () => setBanners((current) => current.filter((b) => b.id !== shown.id)),
        BANNER_MS,
      );
    },
    [queryClient, token],
  );

  const handlers: EventStreamHandlers = {
    'session.status_changed': (event) => {
      const { status, startsAt, endsAt, remainingMs, serverTime } = event.payload;
      queryClient.setQueryData<DisplayData>(key, (current) =>
        current
          ? {
              ...current,
              session: { ...current.session, status, startsAt, endsAt, remainingMs, serverTime },
              clockOffsetMs: clockOffsetMs(serverTime),
            }
          : current,
      );
      refetch();
    },
    'session.settings_changed': refetch,
    'objective.solved': (event) => {
      const { teamName, objectiveUuid, firstBlood, speedrun } = event.payload;
      if (speedrun) raise(event, { kind: 'speedrun_won', teamName, objectiveUuid });
      else if (firstBlood) raise(event, { kind: 'first_blood', teamName, objectiveUuid });
      refetch();
    },
    'speedrun.launched': (event) => {
      raise(event, {
        kind: 'speedrun_launched',
        title: event.payload.title,
        points: event.payload.points,
      });
      refetch();
    },
    'ranking.changed': refetch,
    'team.created': refetch,
    'team.dissolved': refetch,
    'team.eliminated': refetch,
    'team.reinstated': refetch,
    'score.adjusted': refetch,
    'stream.reset': refetch,
  };

  const refused = query.error instanceof DisplayRefused ? query.error : null;
  const stream: StreamStatus = useEventStream(
    query.data && !refused ? displayApiPaths.events(token) : null,
    handlers,
    // From where the board was read: a solve between the read and the opening is not lost.
    query.data ? { from: query.data.streamPosition } : {},
  );

  // Refused by the server (the link was revoked): the snapshot says why.
  const streamRefused = stream.state === 'closed' && stream.refusedWith !== undefined;
  useEffect(() => {
    if (streamRefused)
      void queryClient.invalidateQueries({ queryKey: displayQueryKeys.snapshot(token) });
  }, [streamRefused, queryClient, token]);

  // Back after a drop: what happened meanwhile was replayed; read the board again too.
  const wasOpen = useRef(stream.state);
  useEffect(() => {
    if (stream.state === 'open' && wasOpen.current === 'reconnecting') refetch();
    wasOpen.current = stream.state;
  }, [stream.state, refetch]);

  // What time alone changes (countdown → running, running → finished) is not announced on the
  // stream: the board is read again when its clock says the change is due.
  const session = query.data?.session;
  const offset = query.data?.clockOffsetMs ?? 0;
  const due =
    session?.status === 'countdown'
      ? session.startsAt
      : session?.status === 'running'
        ? session.endsAt
        : null;
  useEffect(() => {
    if (due === null) return;
    const delay = Math.max(0, Date.parse(due) - (Date.now() + offset)) + 500;
    const timer = setTimeout(refetch, delay);
    return () => clearTimeout(timer);
  }, [due, offset, refetch]);

  return {
    data: query.data ?? null,
    refused,
    loading: query.isPending,
    /** The board may be stale: the stream or the last read failed, a new attempt is coming. */
    reconnecting:
      !refused && (stream.state === 'reconnecting' || (query.isError && query.data !== undefined)),
    banners,
  };
};
