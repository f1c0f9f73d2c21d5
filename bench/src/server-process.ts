/**
 * Entry of a child process that serves one server under test, so the load generator in the parent
 * does not share an event loop with it. Sends {port} once listening, answers CPU-time requests, and
 * closes cleanly on 'stop' (so that --cpu-prof can write its profile).
 */
import { buildAtriumServer } from './atrium-server.ts';
import { buildBaselineServer } from './baseline-server.ts';
import type { ServerKind } from './scenario.ts';
import type { ParentMessage, ServedApp, ServerMessage } from './server-protocol.ts';

/** Atrium, served as any Fastify app is. */
async function atrium(options: Parameters<typeof buildAtriumServer>[0] = {}): Promise<ServedApp> {
  const { app, close } = await buildAtriumServer(options);
  return {
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('server has no TCP address');
      return address.port;
    },
    close,
  };
}

const builders: Record<ServerKind, () => Promise<ServedApp>> = {
  baseline: buildBaselineServer,
  atrium: () => atrium(),
  'atrium-large': () => atrium({ large: true }),
  'atrium-pg': () => atrium({ ...postgres() }),
  'atrium-large-pg': () => atrium({ large: true, ...postgres() }),
};

/** PostgreSQL as a deployment of several instances runs it: with Redis when one is named. */
function postgres(): { url: string; redisUrl?: string } {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is not set');
  const redisUrl = process.env.BENCH_REDIS_URL;
  return redisUrl ? { url, redisUrl } : { url };
}

/** Resolves once the message is handed to the channel, so an exit right after cannot drop it. */
function send(message: ServerMessage): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));
}

const kind = process.argv[2] as ServerKind;
try {
  const build = builders[kind];
  if (!build) throw new Error(`unknown server kind "${kind}"`);
  const server = await build();
  const port = await server.listen();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      void send({ type: 'cpu', micros: user + system });
    }
  });
  // A parent that dies must not leave servers behind.
  process.on('disconnect', () => void stop());
  await send({ type: 'ready', port });
} catch (err) {
  await send({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
}
