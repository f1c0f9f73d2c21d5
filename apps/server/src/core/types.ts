import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/index.ts';
import type { AuthorityService } from '../modules/permission/authority.ts';
import type { PushHub } from './push.ts';
import type { SettingsCache } from './settings.ts';

/** The Fastify instance every module registers on, with zod schemas typing requests. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What modules get from the app: the database, the clock and shared services. */
export interface Services {
  config: Config;
  db: Db;
  dialect: Dialect;
  authority: AuthorityService;
  settings: SettingsCache;
  /** Frames to users' open sockets (logout, refresh, message pushes). */
  push: PushHub;
  now: () => number;
}
