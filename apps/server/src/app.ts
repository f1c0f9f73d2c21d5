import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import { createMetrics } from './core/metrics.ts';
import { registerAccessControl } from './core/access.ts';
import { registerAudit } from './core/audit.ts';
import {
  answerClientError,
  answerFrameworkError,
  MAX_PARAM_LENGTH,
  registerEnvelope,
  sendNotFound,
} from './core/http.ts';
import { newRequestId } from './core/ids.ts';
import { responseSerializerCompiler } from './core/response-schema.ts';
import { createSettingsCache } from './core/settings.ts';
import { loadServerSecrets } from './core/server-secrets.ts';
import { createAdminSqlReader } from './core/admin-sql/index.ts';
import { openSqliteReaders } from './db/sqlite-readers.ts';
import { createRecordAccess } from './core/record-access.ts';
import { createJobQueue } from './core/jobs/index.ts';
import { purgeSessions } from './core/session.ts';
import { bindStorage, createStorage } from './core/storage.ts';
import type { App, Services } from './core/types.ts';
import { createLocalPushHub, createRedisPushHub } from './core/push.ts';
import { connectTableChangeFeed } from './core/redis-changes.ts';
import { socketRoutes } from './modules/socket/routes.ts';
import { oauthRoutes } from './modules/oauth/routes.ts';
import { createAuthorityService } from './core/authority.ts';
import { permissionRoutes } from './modules/permission/routes.ts';
import { currentUserRoutes } from './modules/permission/current-routes.ts';
import { fileRoutes } from './modules/file/routes.ts';
import { messageRoutes } from './modules/message/routes.ts';
import { imUploadRoutes } from './modules/message/im-upload.ts';
import { annexUploadRoutes } from './modules/message/annex-upload.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { authorizeRoutes } from './modules/authorize/routes.ts';
import { organizeRoutes } from './modules/organize/routes.ts';
import { gradeRoutes } from './modules/organize/grade-routes.ts';
import { dataInterfaceRoutes } from './modules/system/data-interface/routes.ts';
import { dictionaryRoutes } from './modules/system/dictionary/routes.ts';
import { printDevRoutes } from './modules/system/print-dev/routes.ts';
import { billRuleRoutes } from './modules/system/bill-rule/routes.ts';
import { sysConfigRoutes } from './modules/system/sys-config/routes.ts';
import { areaRoutes } from './modules/system/area/routes.ts';
import { messageTemplateRoutes } from './modules/message/template/routes.ts';
import { oaTemplateRoutes } from './modules/message/oa-template/routes.ts';
import { exampleRoutes } from './modules/example/routes.ts';
import { visualdevRoutes } from './modules/visualdev/routes.ts';
import { generaterRoutes } from './modules/visualdev/generator/routes.ts';
import { workflowRoutes } from './modules/workflow/routes.ts';
import multipart from '@fastify/multipart';
import { registerOperationLog } from './core/operation-log.ts';
import { healthRoutes } from './modules/system/health.ts';
import { auditLogRoutes } from './modules/system/audit-log/routes.ts';
import { dataSchemeFilter } from './modules/authorize/data-scheme.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** The clock; tests move it to check expiry. */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** Start the job runner once ready: the server does; tests that need the loop ask for it. */
  runJobs?: boolean;
}

const redactTickets = (url: string) => url.replace(/([?&]ticket=)[^&#]*/g, '$1[redacted]');

/** The web app calls the API under /prod; both prefixes reach the same routes. */
const API_BASE = '/prod';

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      ...(config.logFormat === 'pretty'
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
        : {}),
      serializers: {
        // A file link's ticket lets its holder download for a while: it stays out of the log.
        req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: request.method,
          url: redactTickets(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    genReqId: newRequestId,
    bodyLimit: 10 * 1024 * 1024,
    // The router's, the HTTP parser's and every other refusal answer in the envelope too.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    rewriteUrl: (req) => {
      const url = req.url ?? '/';
      return url === API_BASE || url.startsWith(API_BASE + '/') || url.startsWith(API_BASE + '?')
        ? url.slice(API_BASE.length) || '/'
        : url;
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler());
  // Callback style, not async: a hook on every request should not cost a promise per call.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Several instances share Redis for pushes and presence; one instance alone needs nothing else.
  const push = config.redisUrl
    ? await createRedisPushHub({ url: config.redisUrl, prefix: config.redisPrefix, log: app.log })
    : createLocalPushHub(app.log);
  const now = options.now ?? Date.now;
  const storage = await createStorage(config);
  const readers = openSqliteReaders(database, config.sqliteReadThreads);
  app.addHook('onClose', () => readers.close());
  const services: Services = {
    config,
    db: database.db,
    reads: readers.reads,
    dialect: database.dialect,
    changes: database.changes,
    authority: createAuthorityService(database.db, { changes: database.changes }),
    settings: createSettingsCache(database.db),
    push,
    metrics: createMetrics(app, { db: database.db, push, pool: database.pool, now }),
    secrets: await loadServerSecrets(database.db),
    adminSql: createAdminSqlReader(database, { log: app.log, readerUrl: config.adminSqlDatabaseUrl || undefined }),
    records: createRecordAccess(),
    jobs: createJobQueue({
      db: database.db,
      dialect: database.dialect,
      now,
      log: app.log,
      stopGraceMs: config.shutdownGraceMs / 2,
    }),
    storage,
    now,
  };
  const unbindStorage = bindStorage(config.dataDir, storage);
  app.addHook('onClose', async () => {
    unbindStorage();
    await storage.close();
  });

  app.addHook('onClose', () => services.push.close());
  // Instances sharing PostgreSQL tell each other which tables they wrote, so their memos hold (docs/caching.md).
  if (database.dialect === 'postgres' && config.redisUrl) {
    const feed = await connectTableChangeFeed({
      url: config.redisUrl,
      prefix: config.redisPrefix,
      changes: database.changes,
      log: app.log,
    });
    app.addHook('onClose', () => feed.close());
  }
  app.addHook('onClose', () => services.adminSql.close());
  // Sessions long past their end are deleted hourly, by one instance at a time.
  services.jobs.every('session.purge', 3600_000, () => purgeSessions(database.db, services.now()));
  if (options.runJobs) app.addHook('onReady', () => services.jobs.start());
  app.addHook('onClose', () => services.jobs.stop());
  registerEnvelope(app);
  registerAccessControl(app, {
    ...services,
    scopeFilter: (authority, menu) => dataSchemeFilter(database.db, database.dialect, authority, menu),
  });
  // Before any module's routes: the audit hooks attach to each route as it is registered.
  registerAudit(app, services);
  await app.register(formbody);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Atrium API', description: 'Atrium office-automation and workflow platform', version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  registerOperationLog(app, services);

  for (const plugin of [
    healthRoutes,
    oauthRoutes,
    permissionRoutes,
    currentUserRoutes,
    fileRoutes,
    messageRoutes,
    imUploadRoutes,
    annexUploadRoutes,
    homeRoutes,
    feedbackRoutes,
    authorizeRoutes,
    organizeRoutes,
    gradeRoutes,
    dataInterfaceRoutes,
    dictionaryRoutes,
    printDevRoutes,
    billRuleRoutes,
    sysConfigRoutes,
    areaRoutes,
    auditLogRoutes,
    messageTemplateRoutes,
    oaTemplateRoutes,
    exampleRoutes,
    visualdevRoutes,
    generaterRoutes,
    workflowRoutes,
    socketRoutes,
  ]) {
    await app.register(plugin, services);
  }

  const index = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies beside each text asset (apps/web/vite-precompress.ts);
      // the copy the request's Accept-Encoding allows is sent as is, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Built assets carry a content hash in their names; index.html must always be fresh.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const spaPath = !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasWeb && spaPath && (request.method === 'GET' || request.method === 'HEAD')) {
      // History-mode routing: every non-API path is the single page app.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });

  return app;
}
