import websocket from '@fastify/websocket';
import { SOCKET_GOING_AWAY } from '@atrium/shared';
import { z } from 'zod';
import type { App, Services } from '../../core/types.ts';
import { SocketConnection } from './connection.ts';
import { socketHandlers } from './handlers.ts';
import { registerMessages } from '../../core/messages.ts';
import { socketMessages } from './messages.ts';

/** Largest client frame accepted (ws closes the socket with 1009 beyond it). */
const MAX_FRAME_BYTES = 1024 * 1024;
/** Pings keep proxies from dropping idle sockets and find clients that vanished without closing. */
const HEARTBEAT_MS = 30_000;

const socketParams = z.object({ token: z.string().min(1) });

/**
 * The live socket (frames: packages/shared/src/socket.ts): GET /api/message/websocket/{token}. The token in
 * the path is what authenticates (the route itself is public); frames go to the handlers of
 * handlers.ts, pushes come from services.push. This plugin owns @fastify/websocket: other modules
 * add client methods to the handler table rather than routes of their own.
 */
export async function socketRoutes(app: App, services: Services) {
  registerMessages(socketMessages);
  const connections = new Set<SocketConnection>();
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // On shutdown (SIGTERM: main.ts closes the app) every socket is told why it closes, so clients
    // move to another instance at once; the HTTP requests in flight still finish.
    preClose(done) {
      for (const connection of connections) connection.close(SOCKET_GOING_AWAY, 'server shutting down');
      this.websocketServer.close(() => done());
    },
  });

  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.ping();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(
    '/api/message/websocket/:token',
    {
      websocket: true,
      schema: {
        params: socketParams,
        tags: ['message'],
        summary: 'Live socket (upgrade): pushes, presence and chat frames; the token in the path authenticates',
      },
      config: { access: 'public' },
      // The path carries the session token: keep it out of the request log lines.
      logLevel: 'warn',
    },
    (socket, request) => {
      const connection = new SocketConnection(
        socket,
        {
          services,
          handlers: socketHandlers,
          log: request.log,
          onGone: (gone) => connections.delete(gone),
        },
        request.headers['accept-language'],
      );
      connections.add(connection);
      connection.start(request.params.token);
    },
  );
}
