import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/**
 * The process's own figures (CPU, memory, event loop lag, GC, handles): one registry for the
 * process, however many apps it builds (tests build several), so the collectors that watch the
 * event loop and the garbage collector start once.
 */
let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

/** Seconds: from a fast read to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from an event's write to its delivery: a page waits up to 50 ms under a burst. */
const LAG_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Answers per batch: 1 when quiet, up to the batch's cap (256) under a burst. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/** What the real-time backbone tells the metrics. */
export interface RealtimeObserver {
  written(count: number): void;
  delivered(writtenAt: Date): void;
}

/** What the answers tell the metrics: each answer's outcome, each batch's size. */
export interface AnswersObserver {
  answered(outcome: string): void;
  batched(size: number): void;
}

/** What the gauges read at each scrape, given once the app's parts exist. */
export interface MetricSources {
  /** Open event streams on this node, by kind. */
  streams(): { session: number; user: number };
  /** The PostgreSQL pools of this node (none on the embedded database). */
  pools(): readonly { name: string; total: number; idle: number; waiting: number; max: number }[];
  /** Connections lost by those pools since the start. */
  connectionErrors(): number;
  /** Lab environments by phase, from the database. */
  labPhases(): Promise<readonly { phase: string; count: number }[]>;
  /** Where a failed read at scrape is told. */
  warn(details: object, message: string): void;
}

/**
 * Rampart's metric families, on a registry of this app. Every label takes its values from a
 * small fixed set (route patterns, status codes, outcomes, pool names, phases): never an id, a
 * URL or anything a client chooses, so the number of series stays bounded.
 */
export const createMetrics = () => {
  const registry = new Registry();
  const counter = <L extends string>(config: CounterConfiguration<L>) =>
    new Counter<L>({ ...config, registers: [registry] });
  const gauge = <L extends string>(config: GaugeConfiguration<L>) =>
    new Gauge<L>({ ...config, registers: [registry] });
  const histogram = <L extends string>(config: HistogramConfiguration<L>) =>
    new Histogram<L>({ ...config, registers: [registry] });
  let sources: MetricSources | null = null;
  const pools = (
    config: { name: string; help: string },
    read: (pool: ReturnType<MetricSources['pools']>[number]) => number,
  ) =>
    gauge({
      ...config,
      labelNames: ['pool'] as const,
      collect() {
        for (const pool of sources?.pools() ?? []) this.set({ pool: pool.name }, read(pool));
      },
    });
  // Connections lost are counted by the database handle and read at each scrape; the 503s are
  // counted as they are answered.
  let connectionErrorsSeen = 0;

  const families = {
    registry,
    http: {
      requests: counter({
        name: 'rampart_http_requests_total',
        help: 'HTTP requests answered, by method, route pattern and status',
        labelNames: ['method', 'route', 'status'] as const,
      }),
      duration: histogram({
        name: 'rampart_http_request_duration_seconds',
        help: 'Time to answer an HTTP request (event streams and sockets excluded), by method and route pattern',
        labelNames: ['method', 'route'] as const,
        buckets: LATENCY_BUCKETS,
      }),
    },
    realtime: {
      streams: gauge({
        name: 'rampart_event_streams_open',
        help: 'Event streams open on this node, by kind (a session’s, or a user’s own)',
        labelNames: ['kind'] as const,
        collect() {
          const open = sources?.streams() ?? { session: 0, user: 0 };
          this.set({ kind: 'session' }, open.session);
          this.set({ kind: 'user' }, open.user);
        },
      }),
      written: counter({
        name: 'rampart_events_written_total',
        help: 'Events this node wrote to the event log (committed)',
      }),
      lag: histogram({
        name: 'rampart_event_fanout_lag_seconds',
        help: 'Time from an event’s write (the database’s clock) to its delivery to this node’s open streams',
        buckets: LAG_BUCKETS,
      }),
    },
    answers: {
      outcomes: counter({
        name: 'rampart_answers_total',
        help: 'Answers submitted, by outcome (correct, wrong, repeated, or the refusal’s error code)',
        labelNames: ['outcome'] as const,
      }),
      batchSize: histogram({
        name: 'rampart_answer_batch_size',
        help: 'Answers decided together in one transaction',
        buckets: BATCH_BUCKETS,
      }),
    },
    database: {
      connections: pools(
        {
          name: 'rampart_database_pool_connections',
          help: 'Connections open in a PostgreSQL pool of this node',
        },
        (pool) => pool.total,
      ),
      idle: pools(
        {
          name: 'rampart_database_pool_idle_connections',
          help: 'Connections of a PostgreSQL pool waiting for work',
        },
        (pool) => pool.idle,
      ),
      waiting: pools(
        {
          name: 'rampart_database_pool_waiting_requests',
          help: 'Queries waiting for a connection of a PostgreSQL pool (all its connections busy)',
        },
        (pool) => pool.waiting,
      ),
      max: pools(
        {
          name: 'rampart_database_pool_max_connections',
          help: 'Largest number of connections a PostgreSQL pool opens',
        },
        (pool) => pool.max,
      ),
      errors: counter({
        name: 'rampart_database_errors_total',
        help: 'Database failures: connections lost (connection_lost), requests answered 503 database.unavailable (unavailable)',
        labelNames: ['kind'] as const,
        collect() {
          const seen = sources?.connectionErrors() ?? 0;
          if (seen > connectionErrorsSeen)
            this.inc({ kind: 'connection_lost' }, seen - connectionErrorsSeen);
          connectionErrorsSeen = seen;
        },
      }),
    },
    labs: {
      environments: gauge({
        name: 'rampart_lab_environments',
        help: 'Lab environments recorded in the database, by phase (the whole deployment’s, read at scrape)',
        labelNames: ['phase'] as const,
        async collect() {
          if (!sources) return;
          try {
            const phases = await sources.labPhases();
            this.reset();
            for (const { phase, count } of phases) this.set({ phase }, count);
          } catch (error) {
            // A scrape still answers while the database is away: the other families say so.
            this.reset();
            sources.warn({ err: error }, 'metrics: lab environments not read');
          }
        },
      }),
    },
    /** Gives the gauges what they read at each scrape. */
    readFrom(given: MetricSources) {
      sources = given;
    },
    /** The exposition: the process's figures, then the app's. */
    async scrape(): Promise<string> {
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${process}\n${own}`;
    },
    contentType: registry.contentType,
  };
  const outcomes = new Map<string, ReturnType<typeof families.answers.outcomes.labels>>();
  const observers = {
    /** For the event writer and the hub: plain functions, no metric library below the app. */
    realtime: {
      written: (count: number) => families.realtime.written.inc(count),
      /** An event written at `writtenAt` (the database's clock) reached this node's streams. */
      delivered: (writtenAt: Date) =>
        families.realtime.lag.observe(Math.max(0, Date.now() - writtenAt.getTime()) / 1000),
    } satisfies RealtimeObserver,
    answers: {
      answered: (outcome: string) => {
        let child = outcomes.get(outcome);
        if (!child) outcomes.set(outcome, (child = families.answers.outcomes.labels(outcome)));
        child.inc();
      },
      batched: (size: number) => families.answers.batchSize.observe(size),
    } satisfies AnswersObserver,
  };
  // Present from the start, so a rate over them means something before the first failure.
  families.database.errors.inc({ kind: 'connection_lost' }, 0);
  families.database.errors.inc({ kind: 'unavailable' }, 0);
  for (const outcome of ['correct', 'wrong', 'repeated']) {
    const child = families.answers.outcomes.labels(outcome);
    child.inc(0);
    outcomes.set(outcome, child);
  }
  return { ...families, observers };
};

export type Metrics = ReturnType<typeof createMetrics>;
