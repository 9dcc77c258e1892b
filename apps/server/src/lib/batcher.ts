/**
 * Combines concurrent calls into batches. Items pushed in one turn of the event loop leave
 * together on the next, if fewer than `parallel` batches are in flight; items pushed while the
 * slots are busy wait, and leave together in the next batch (at most `maxSize` of them). Under no load nothing waits; under load the
 * batches grow with it, and what a batch costs is shared by more items.
 *
 * `run` answers one result per item, in the items' order. When it throws, every item of that
 * batch is rejected with the error.
 */
export const createBatcher = <I, O>(options: {
  /**
   * Runs a batch. `handOver` frees the batch's slot before it ends: the next batch may start
   * while this one finishes (called once; later calls do nothing).
   */
  run: (items: readonly I[], handOver: () => void) => Promise<readonly O[]>;
  maxSize: number;
  parallel: number;
}) => {
  interface Waiting {
    item: I;
    resolve: (value: O) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let inFlight = 0;

  const settle = (batch: readonly Waiting[], results: readonly O[]) => {
    if (results.length !== batch.length)
      throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
    batch.forEach((entry, index) => entry.resolve(results[index]!));
  };

  const pump = () => {
    while (inFlight < options.parallel && waiting.length > 0) {
      const batch = waiting.splice(0, options.maxSize);
      inFlight += 1;
      let holdsSlot = true;
      const handOver = () => {
        if (!holdsSlot) return;
        holdsSlot = false;
        inFlight -= 1;
        pump();
      };
      Promise.resolve()
        .then(() =>
          options.run(
            batch.map((entry) => entry.item),
            handOver,
          ),
        )
        .then((results) => settle(batch, results))
        .catch((error: unknown) => {
          for (const entry of batch) entry.reject(error);
        })
        .finally(handOver);
    }
  };

  // A batch leaves on the next turn of the event loop, not at once: the requests read in the
  // same turn join it. (Work that never yields, such as the embedded database's queries, would
  // otherwise run each first arrival alone while the others wait.)
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  return {
    push: (item: I) =>
      new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        schedule();
      }),
    /** Items waiting for a slot (not those in flight). */
    waiting: () => waiting.length,
  };
};

export type Batcher<I, O> = ReturnType<typeof createBatcher<I, O>>;
