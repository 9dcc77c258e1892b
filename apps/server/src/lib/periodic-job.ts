import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` once the app is ready and then every `everyMs`, one run at a time (a slow run is
 * never stacked: the tick that comes while it runs is skipped); a stop waits for the run in
 * flight. A failure is logged and the next tick tries again. The node's housekeeping (rate
 * limits, retention, vacuum) goes through here: every node of a cluster runs its own, so a job
 * must be harmless when another node runs it at the same time.
 */
export const registerPeriodicJob = (
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<unknown> },
) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= job
      .run()
      .then(
        () => {},
        (error: unknown) => app.log.warn({ err: error, job: job.name }, `${job.name} failed`),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    void tick();
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
