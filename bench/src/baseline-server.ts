import Fastify from 'fastify';

/** The floor of what any Fastify route costs on this machine: one small JSON answer, no hooks. */
export async function buildBaselineServer() {
  const app = Fastify({ logger: false });
  app.get('/bench/json', async () => ({ hello: 'world' }));
  return { app, close: () => app.close() };
}
