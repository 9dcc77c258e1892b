import os from 'node:os';

type StopHandler = (signal: NodeJS.Signals) => void;

const exitAsKilled: StopHandler = (signal) => process.exit(128 + os.constants.signals[signal]);

let handler: StopHandler = exitAsKilled;

/**
 * In a container node is PID 1, and the kernel drops every signal PID 1 has no handler for: a
 * stop during the start (opening the database, migrating it, waiting for PostgreSQL) would be
 * ignored until the engine gives up and kills the process (Node's own handler re-raises the
 * signal, which the kernel drops for PID 1). main.ts loads the rest of the code after this
 * module; until the server runs, a stop signal ends the process with the status a default
 * handler gives (128 + the signal's number).
 */
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => handler(signal));
}

/** Hands the stop signals to the running server; a second signal during its shutdown forces. */
export const onStopSignal = (stop: StopHandler) => {
  handler = (signal) => {
    handler = exitAsKilled;
    stop(signal);
  };
};
