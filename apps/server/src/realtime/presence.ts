import type { EventWriter } from './event-writer.js';
import type { HubLogger } from './event-hub.js';
import type { PresenceRepository } from './presence.repository.js';
import { sessionStream } from './streams.js';

/** How often a node renews its rows, and how long a row stays valid without renewal. */
export const presenceDefaults = { renewSeconds: 15, ttlSeconds: 40 } as const;

/** Connects and disconnects within this delay share one write and one event per team. */
const FLUSH_DELAY_MS = 200;

interface Member {
  streams: number;
  teamUuid: string | null;
}

/**
 * Which players have a gaming session open on this node (an event stream of it), written to
 * `gaming_session_presence` so that every node reads the same answer. A player's first stream
 * opening and last one closing are written shortly after (batched), and their team is told with
 * a `team.presence_changed` event; open streams are renewed every `renewSeconds`, one statement
 * per session. Every write runs in one queue, so a renewal never resurrects a row a departure
 * just removed.
 */
export const createPresenceTracker = (deps: {
  repo: PresenceRepository;
  events: EventWriter;
  nodeId: string;
  renewSeconds: number;
  ttlSeconds: number;
  logger: HubLogger;
}) => {
  const { repo, nodeId, ttlSeconds } = deps;
  /** session → account → this node's open streams of it. */
  const connected = new Map<string, Map<string, Member>>();
  /** session → account → teams to tell: the accounts whose presence on this node changed. */
  const changed = new Map<string, Map<string, Set<string>>>();
  let queue: Promise<unknown> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const enqueue = (work: () => Promise<unknown>) => {
    queue = queue.then(work).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'presence could not be written');
    });
    return queue;
  };

  const announce = (sessionUuid: string, teams: Iterable<string>) =>
    deps.events.transaction(async ({ append }) => {
      for (const teamUuid of teams) {
        await append({
          stream: sessionStream(sessionUuid),
          audience: `team:${teamUuid}`,
          type: 'team.presence_changed',
          payload: { teamUuid },
        });
      }
    });

  /** Writes what changed since the last flush, session by session. */
  const flush = async () => {
    flushTimer = null;
    const batch = [...changed];
    changed.clear();
    for (const [sessionUuid, accounts] of batch) {
      const members = connected.get(sessionUuid);
      const present = [...accounts.keys()].filter((account) => members?.has(account));
      const gone = [...accounts.keys()].filter((account) => !members?.has(account));
      try {
        if (present.length > 0)
          await repo.renew({ sessionUuid, nodeId, accountIds: present, ttlSeconds });
        if (gone.length > 0) await repo.remove({ sessionUuid, nodeId, accountIds: gone });
        const teams = new Set([...accounts.values()].flatMap((set) => [...set]));
        if (teams.size > 0) await announce(sessionUuid, teams);
      } catch (error) {
        // The next renewal writes the rows again; a departure's row expires by itself.
        deps.logger.warn({ err: error, sessionUuid }, 'presence could not be written');
      }
    }
  };

  const markChanged = (sessionUuid: string, accountId: string, teamUuid: string | null) => {
    const accounts = changed.get(sessionUuid) ?? new Map<string, Set<string>>();
    changed.set(sessionUuid, accounts);
    const teams = accounts.get(accountId) ?? new Set<string>();
    accounts.set(accountId, teams);
    if (teamUuid) teams.add(teamUuid);
    if (!flushTimer && !closed) {
      flushTimer = setTimeout(() => void enqueue(flush), FLUSH_DELAY_MS);
      flushTimer.unref();
    }
  };

  /** Renews every open stream's row, then sweeps the rows of nodes that stopped renewing. */
  const renewAll = async () => {
    for (const [sessionUuid, members] of [...connected]) {
      if (members.size === 0) continue;
      try {
        await repo.renew({ sessionUuid, nodeId, accountIds: [...members.keys()], ttlSeconds });
      } catch (error) {
        deps.logger.warn({ err: error, sessionUuid }, 'presence could not be renewed');
      }
    }
    const expired = await repo.sweepExpired();
    const bySession = new Map<string, string[]>();
    for (const row of expired) {
      bySession.set(row.session_uuid, [...(bySession.get(row.session_uuid) ?? []), row.team_uuid]);
    }
    for (const [sessionUuid, teams] of bySession) await announce(sessionUuid, teams);
  };

  const renewal = setInterval(() => void enqueue(renewAll), deps.renewSeconds * 1000);
  renewal.unref();

  return {
    /**
     * A player's stream of a session opened on this node; the answer closes it (idempotent).
     * `teamUuid` is the team told of the change, `null` for a player not yet in one.
     */
    open(sessionUuid: string, accountId: string, teamUuid: string | null): () => void {
      const members = connected.get(sessionUuid) ?? new Map<string, Member>();
      connected.set(sessionUuid, members);
      const member = members.get(accountId);
      if (member) {
        member.streams += 1;
        if (member.teamUuid !== teamUuid) {
          member.teamUuid = teamUuid;
          markChanged(sessionUuid, accountId, teamUuid);
        }
      } else {
        members.set(accountId, { streams: 1, teamUuid });
        markChanged(sessionUuid, accountId, teamUuid);
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = connected.get(sessionUuid);
        const left = current?.get(accountId);
        if (!current || !left) return;
        left.streams -= 1;
        if (left.streams > 0) return;
        current.delete(accountId);
        if (current.size === 0) connected.delete(sessionUuid);
        markChanged(sessionUuid, accountId, left.teamUuid);
      };
    },

    /** Waits for the writes asked so far (tests). */
    async settle() {
      if (flushTimer) {
        clearTimeout(flushTimer);
        void enqueue(flush);
      }
      await queue;
    },

    /** Shutdown: every stream of this node is gone; the teams hear it before the node stops. */
    async close() {
      closed = true;
      clearInterval(renewal);
      if (flushTimer) clearTimeout(flushTimer);
      for (const [sessionUuid, members] of connected) {
        for (const [accountId, member] of members) {
          const accounts = changed.get(sessionUuid) ?? new Map<string, Set<string>>();
          changed.set(sessionUuid, accounts);
          accounts.set(accountId, new Set(member.teamUuid ? [member.teamUuid] : []));
        }
      }
      connected.clear();
      await enqueue(flush);
    },
  };
};

export type PresenceTracker = ReturnType<typeof createPresenceTracker>;
