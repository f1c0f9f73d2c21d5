import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './db/open.ts';
import { purgeSessions } from './core/session.ts';

const config = loadConfig();
const database = await prepareDatabase(config);
const app = await buildApp({ config, database });
if (database.seeded) app.log.info('new database: demo organisation seeded (admin / admin123)');

const purge = setInterval(() => {
  purgeSessions(database.db, Date.now()).catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
}, 3600_000);
purge.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // Past the grace period the process goes anyway; a stuck client must not block a deploy.
  const force = setTimeout(() => {
    app.log.error('in-flight requests did not finish in time');
    process.exit(1);
  }, config.shutdownGraceMs);
  force.unref();
  clearInterval(purge);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
