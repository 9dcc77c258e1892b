import websocket from '@fastify/websocket';
import {
  consoleClientMessageSchema,
  consoleCloseCodes,
  openConsoleSocket,
  type ConsoleErrorCode,
  type ConsoleServerMessage,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../../lib/errors.js';
import type { ConsoleHub } from './console-hub.js';
import type { ConsoleGrant, ConsoleService } from './console.service.js';
import type { EnvironmentProvider } from './environment-provider.js';

/** Above any keystroke burst or pasted script; a frame past it closes the socket (1009). */
export const CONSOLE_MAX_PAYLOAD = 64 * 1024;
/** Input a console takes: a burst, then a steady rate; what exceeds it is dropped. */
const INPUT_BURST_BYTES = 256 * 1024;
const INPUT_BYTES_PER_SECOND = 64 * 1024;
/** Output waiting in the socket past which more is dropped (the scrollback keeps it). */
const OUTPUT_BACKLOG_BYTES = 1024 * 1024;
/** How often a console checks its environment is still live. */
const LIVENESS_MS = 15_000;
/** The size a shell opens with, until the browser's first resize. */
const INITIAL_SIZE = { cols: 80, rows: 24 };

/**
 * `GET /ws/console?ticket=…` (docs/labs.md): the ticket is redeemed before the upgrade, so a
 * refused socket gets a plain HTTP error and never a shell. Nothing typed or printed is logged.
 */
export const registerConsoleSocket = (
  app: FastifyInstance,
  deps: {
    consoles: ConsoleService;
    hub: ConsoleHub;
    provider: EnvironmentProvider;
    idleMs: number;
  },
) => {
  const grants = new WeakMap<FastifyRequest, ConsoleGrant>();

  return app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: CONSOLE_MAX_PAYLOAD } });
    scope.addHook('onClose', async () => deps.hub.closeAll());

    scope.get(
      openConsoleSocket.path,
      {
        websocket: true,
        preValidation: async (request) => {
          const { ticket } = request.query as { ticket?: unknown };
          if (typeof ticket !== 'string') throw new AppError('lab.console_ticket_invalid');
          if (request.headers.upgrade?.toLowerCase() !== 'websocket')
            throw new AppError('request.invalid', 'This address only takes a WebSocket.');
          grants.set(request, await deps.consoles.redeem(ticket, request.headers.origin));
        },
      },
      (socket, request) => serve(socket, grants.get(request)!),
    );
  });

  function serve(socket: WebSocket, grant: ConsoleGrant) {
    const control = (message: ConsoleServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const refuse = (code: ConsoleErrorCode) => control({ t: 'error', code });

    let handle: Awaited<ReturnType<ConsoleHub['attach']>> | undefined;
    let closed = false;
    const pending: { data: RawData; isBinary: boolean }[] = [];
    let tokens = INPUT_BURST_BYTES;
    let refilledAt = Date.now();
    let floodToldAt = 0;
    let idle: NodeJS.Timeout | undefined;

    const end = (closeCode: number, error?: ConsoleErrorCode) => {
      if (error) refuse(error);
      handle?.end();
      handle = undefined;
      socket.close(closeCode);
    };
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => end(consoleCloseCodes.idle, 'idle'), deps.idleMs);
      idle.unref();
    };
    const liveness = setInterval(() => {
      void deps.consoles
        .isLive(grant.environmentId)
        .then((live) => {
          if (!live) end(consoleCloseCodes.expired, 'expired');
        })
        .catch(() => undefined);
    }, LIVENESS_MS);
    liveness.unref();

    const takeInput = (bytes: number) => {
      const now = Date.now();
      tokens = Math.min(
        INPUT_BURST_BYTES,
        tokens + ((now - refilledAt) / 1000) * INPUT_BYTES_PER_SECOND,
      );
      refilledAt = now;
      if (bytes > tokens) return false;
      tokens -= bytes;
      return true;
    };

    const handleFrame = (data: RawData, isBinary: boolean) => {
      if (!handle) return;
      const bytes = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      if (isBinary) {
        if (!takeInput(bytes.byteLength)) {
          // Told at most once a second: the answer to a flood must not be a flood.
          if (Date.now() - floodToldAt > 1000) {
            floodToldAt = Date.now();
            refuse('flood');
          }
          return;
        }
        touch();
        handle.session.write(new Uint8Array(bytes));
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        return refuse('bad_frame');
      }
      const message = consoleClientMessageSchema.safeParse(parsed);
      if (!message.success) return refuse('bad_frame');
      if (message.data.t === 'ping') return control({ t: 'pong' });
      handle.session.resize(message.data.cols, message.data.rows);
    };

    socket.on('message', (data, isBinary) => {
      if (handle) handleFrame(data, isBinary);
      else if (pending.length < 64) pending.push({ data, isBinary });
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      clearTimeout(idle);
      clearInterval(liveness);
      handle?.detach();
    });

    const sink = {
      output(chunk: Uint8Array) {
        // A browser that reads slower than the shell prints loses the excess, not the server
        // its memory: the scrollback still holds the end of it.
        if (socket.readyState === socket.OPEN && socket.bufferedAmount < OUTPUT_BACKLOG_BYTES)
          socket.send(chunk, { binary: true });
      },
      exited(code: number | null) {
        control({ t: 'exit', code });
        handle = undefined;
        socket.close(consoleCloseCodes.ended);
      },
      released() {
        handle = undefined;
        end(consoleCloseCodes.expired, 'released');
      },
    };

    touch();
    deps.hub
      .attach(grant, sink, () =>
        deps.provider.openConsole(grant.environmentId, {
          machine: grant.machine,
          ...INITIAL_SIZE,
          participantId: grant.accountId,
        }),
      )
      .then((attached) => {
        if (closed) return attached.detach();
        handle = attached;
        control({ t: 'attached', resumed: attached.resumed });
        attached.scrollback.forEach((chunk) => sink.output(chunk));
        pending.splice(0).forEach(({ data, isBinary }) => handleFrame(data, isBinary));
        // A release that committed while this shell was opening told the hub before the shell
        // was there: the database says it, so the console ends now rather than at liveness.
        void deps.consoles
          .isLive(grant.environmentId)
          .then((live) => {
            if (!live && handle === attached) end(consoleCloseCodes.expired, 'released');
          })
          .catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'lab.console_limit')
          return end(consoleCloseCodes.limit);
        end(consoleCloseCodes.unavailable, 'unavailable');
      });
  }
};
