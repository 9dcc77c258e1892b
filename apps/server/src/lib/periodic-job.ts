import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `everyMs` once the app is ready, one run at a time (a slow run is never
 * stacked: the tick that comes while it runs is skipped); a stop waits for the run in flight. A
 * failure is logged (as `failure`, or "<name> failed") and the next tick tries again. `atReady`
 * says what happens when the app gets ready: `run` starts a first run at once (the default),
 * `await` makes the app wait for that first run, `wait` leaves the first run to the first tick.
 * Every periodic loop of the node goes through here: every node of a cluster runs its own, so a
 * job must be harmless when another node runs it at the same time.
 */
export const registerPeriodicJob = (
  app: FastifyInstance,
  job: {
    name: string;
    everyMs: number;
    run: () => Promise<unknown>;
    atReady?: 'run' | 'await' | 'wait';
    failure?: string;
  },
) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= job
      .run()
      .then(
        () => {},
        (error: unknown) =>
          app.log.warn({ err: error, job: job.name }, job.failure ?? `${job.name} failed`),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    const atReady = job.atReady ?? 'run';
    if (atReady === 'await') await tick();
    else if (atReady === 'run') void tick();
    timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
  /** Runs the job now (or waits for the run in flight): for tests and commands. */
  return { runNow: tick };
};
