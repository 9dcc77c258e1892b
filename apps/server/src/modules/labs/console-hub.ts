import { AppError } from '../../lib/errors.js';
import type { ConsoleSession } from './environment-provider.js';

/** What a connected browser gets: output bytes, control messages, and its end. */
export interface ConsoleSink {
  output(chunk: Uint8Array): void;
  exited(code: number | null): void;
  /** The environment was released: the console ends now, whatever the shell was doing. */
  released(): void;
}

/** A shell, held here between its connection dropping and the same player coming back. */
interface Shell {
  key: string;
  teamKey: string;
  session: ConsoleSession;
  scrollback: Uint8Array[];
  scrollbackBytes: number;
  sink: ConsoleSink | null;
  parkTimer: NodeJS.Timeout | undefined;
  exit: { code: number | null } | null;
  unsubscribe: (() => void)[];
}

export interface ConsoleHubLimits {
  /** Shells one team may hold, attached or kept. */
  perTeam: number;
  /** How long a detached shell waits for its player. */
  graceMs: number;
  /** Output replayed on re-attach: the end of it, bounded. */
  scrollbackBytes: number;
}

/**
 * The shells this node holds, by player, environment and machine. Each connection gets its own
 * shell (teammates each have theirs); when a connection drops, its shell is kept for a grace
 * period with a bounded scrollback, and the same player's next connection to the same machine
 * re-attaches to it, replaying the scrollback, instead of opening a new shell.
 *
 * A shell lives in the process that opened it, so re-attaching works when the reconnection
 * reaches the same node; on another node it opens a new shell (nothing is lost but the state).
 */
export const createConsoleHub = (limits: ConsoleHubLimits) => {
  const shells = new Set<Shell>();
  /** Shells being opened, by team: counted at once, so racing connections cannot pass the cap. */
  const opening = new Map<string, number>();

  const dispose = (shell: Shell) => {
    if (!shells.delete(shell)) return;
    clearTimeout(shell.parkTimer);
    shell.unsubscribe.forEach((unsubscribe) => unsubscribe());
    void shell.session.close().catch(() => undefined);
  };

  const record = (shell: Shell, chunk: Uint8Array) => {
    shell.scrollback.push(chunk);
    shell.scrollbackBytes += chunk.byteLength;
    while (shell.scrollbackBytes > limits.scrollbackBytes && shell.scrollback.length > 1) {
      shell.scrollbackBytes -= shell.scrollback.shift()!.byteLength;
    }
    // One chunk alone over the bound keeps its end (a cut character or escape at the start of
    // a replay is harmless; an unbounded buffer per kept shell is not).
    if (shell.scrollbackBytes > limits.scrollbackBytes) {
      shell.scrollback[0] = shell.scrollback[0]!.slice(-limits.scrollbackBytes);
      shell.scrollbackBytes = shell.scrollback[0].byteLength;
    }
  };

  const teamCount = (teamKey: string) =>
    [...shells].filter((shell) => shell.teamKey === teamKey).length + (opening.get(teamKey) ?? 0);

  return {
    /**
     * Re-attaches `sink` to the player's kept shell on this machine, or opens a new one (within
     * the team's limit). Returns the shell's handle for the connection.
     */
    async attach(
      identity: { accountId: string; teamUuid: string; environmentId: string; machine: string },
      sink: ConsoleSink,
      open: () => Promise<ConsoleSession>,
    ) {
      const key = `${identity.accountId}:${identity.environmentId}:${identity.machine}`;
      const teamKey = `${identity.teamUuid}:${identity.environmentId}`;
      let shell = [...shells].find((s) => s.key === key && s.sink === null && s.exit === null);
      const resumed = shell !== undefined;
      if (shell) {
        clearTimeout(shell.parkTimer);
        shell.sink = sink;
      } else {
        if (teamCount(teamKey) >= limits.perTeam) throw new AppError('lab.console_limit');
        opening.set(teamKey, (opening.get(teamKey) ?? 0) + 1);
        let session: ConsoleSession;
        try {
          session = await open();
        } finally {
          const left = opening.get(teamKey)! - 1;
          if (left === 0) opening.delete(teamKey);
          else opening.set(teamKey, left);
        }
        const created: Shell = {
          key,
          teamKey,
          session,
          scrollback: [],
          scrollbackBytes: 0,
          sink,
          parkTimer: undefined,
          exit: null,
          unsubscribe: [],
        };
        created.unsubscribe.push(
          session.onData((chunk) => {
            record(created, chunk);
            created.sink?.output(chunk);
          }),
          session.onExit(({ code }) => {
            created.exit = { code };
            const attached = created.sink;
            dispose(created);
            attached?.exited(code);
          }),
        );
        shells.add(created);
        shell = created;
      }
      const held = shell;
      return {
        resumed,
        /** What the kept shell printed, to replay once the connection says it resumed. */
        scrollback: resumed ? [...held.scrollback] : [],
        session: held.session,
        /** The connection dropped: keep the shell for the grace period. */
        detach() {
          if (held.sink !== sink) return;
          held.sink = null;
          if (!shells.has(held)) return;
          held.parkTimer = setTimeout(() => dispose(held), limits.graceMs);
          held.parkTimer.unref();
        },
        /** The shell must go now (idle, environment gone, the player ended it). */
        end() {
          dispose(held);
        },
      };
    },

    /** Shells held for an environment, attached or kept (trainers' and tests' view). */
    count(environmentId?: string) {
      return [...shells].filter(
        (shell) => environmentId === undefined || shell.teamKey.endsWith(`:${environmentId}`),
      ).length;
    },

    /** Ends every shell of a released environment at once, telling the attached consoles why. */
    releaseEnvironment(environmentId: string) {
      for (const shell of [...shells]) {
        if (!shell.teamKey.endsWith(`:${environmentId}`)) continue;
        shell.exit = { code: null };
        const attached = shell.sink;
        dispose(shell);
        attached?.released();
      }
    },

    closeAll() {
      [...shells].forEach(dispose);
    },
  };
};

export type ConsoleHub = ReturnType<typeof createConsoleHub>;
