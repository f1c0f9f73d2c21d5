import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './seed/open.ts';
import { closeWorkerPool } from './core/worker-pool.ts';

const config = loadConfig();
const database = await prepareDatabase(config);
// The job runner starts with the server (expired sessions are purged by one of its recurring jobs).
const app = await buildApp({ config, database, runJobs: true });
if (database.seeded) app.log.info('new database: demo organisation seeded (admin / admin123)');
// Where uploads go, so an operator sees a missing S3_* setting in the first lines (never the keys).
if (config.s3) {
  const { endpoint, bucket, prefix } = config.s3;
  app.log.info({ endpoint: endpoint || 'AWS S3', bucket, prefix }, 'files: S3-compatible object store');
} else app.log.info({ folder: `${config.dataDir}/files` }, 'files: local folder');

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
  // Closing the app stops the job runner: running jobs finish or are given back to other instances.
  await app.close();
  await closeWorkerPool();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
