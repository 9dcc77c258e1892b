import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresMod = Parameters<NodeFS['init']>[1];

interface NodeStream {
  nfd?: number;
}

interface EmscriptenNodeFS {
  stream_ops: { fsync?: (stream: NodeStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * The embedded database's files on disk, flushed when PostgreSQL asks. PGlite reaches the files
 * through Emscripten's NODEFS, which has no `fsync`: PostgreSQL's calls returned at once without
 * anything reaching the disk, and PGlite starts PostgreSQL with `fsync = off` besides. A write
 * was acknowledged once it was in the operating system's cache; a machine that lost power lost
 * it, and could leave the data directory corrupt. Here each `fsync` PostgreSQL makes (its
 * write-ahead log at each commit, its data files at each checkpoint, a directory after a rename)
 * is the system call on the real file, and PostgreSQL runs with `fsync = on`. Emscripten's
 * `fdatasync` stays a no-op: `durableStartParams` has the log flushed by `fsync` instead.
 */
export class DurableNodeFS extends NodeFS {
  override async init(
    pg: PGlite,
    options: Partial<PostgresMod>,
  ): Promise<{ emscriptenOpts: Partial<PostgresMod> }> {
    const { emscriptenOpts } = await super.init(pg, options);
    const flushOnSync = (module: PostgresMod) => {
      const nodefs = (module as unknown as { NODEFS: EmscriptenNodeFS }).NODEFS;
      nodefs.stream_ops.fsync = (stream) => {
        const descriptor = stream.nfd;
        if (descriptor !== undefined) nodefs.tryFSOperation(() => fs.fsyncSync(descriptor));
        return 0;
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), flushOnSync],
      },
    };
  }
}

/**
 * PGlite's start parameters, without the one that turns `fsync` off, and with the log flushed by
 * `fsync`: Emscripten answers `fdatasync`, PostgreSQL's default for it, without a call to make.
 */
export const durableStartParams = () => [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];
