import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../db/index.ts';
import { seedDemo } from '../db/seed/demo.ts';
import type { App } from '../core/types.ts';
import { newId } from '../core/ids.ts';
import { hashPassword } from '../core/password.ts';
import { newUserRow } from '../db/seed/user-row.ts';

export interface DbTarget {
  name: 'sqlite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set, each opening in a schema of its own. */
export function dbTargets(): DbTarget[] {
  const targets: DbTarget[] = [{ name: 'sqlite', open: async () => openDatabase({ file: ':memory:' }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    targets.push({
      name: 'postgres',
      async open() {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        const handle = openDatabase({ url, schema, poolSize: 20 });
        return {
          ...handle,
          async close() {
            await handle.close();
            const dropper = new pg.Client({ connectionString: url });
            await dropper.connect();
            await dropper.query(`drop schema ${schema} cascade`);
            await dropper.end();
          },
        };
      },
    });
  }
  return targets;
}

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export interface TestServer {
  app: App;
  database: DatabaseHandle;
  clock: { now: number; advance(ms: number): void };
  /** Adds a user with no organisation, role or grant (password demo1234) and returns the id. */
  addBareUser(account: string): Promise<string>;
  /** Signs in through the API and returns the token. */
  login(account: string, password?: string): Promise<string>;
  // Response data differs per route; tests assert on its fields directly.
  call(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse & { body: string; json(): { code: number; msg: string; data?: any } }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/** A migrated, seeded Atrium on the given database, driven in process through inject(). */
export async function createTestServer(
  target: DbTarget,
  overrides: Partial<Config> = {},
  beforeReady?: (app: App) => void,
): Promise<TestServer> {
  const database = await target.open();
  await migrate(database.db);
  await seedDemo(database.db);
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const config = { ...loadConfig({}), webDist: '/nonexistent', loginRateMax: 1000, ...overrides };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  beforeReady?.(app);
  await app.ready();

  const call: TestServer['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
    return app.inject({ method: method as 'GET', url, headers, payload }) as never;
  };

  return {
    app,
    database,
    clock,
    call,
    async login(account, password = account === 'admin' ? 'admin123' : 'demo1234') {
      const res = await call('POST', '/api/oauth/Login', {
        form: { account, password: md5(password), grant_type: 'password' },
      });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login ${account} failed: ${body.msg}`);
      return body.data.token as string;
    },
    async addBareUser(account) {
      const id = newId();
      await database.db
        .insertInto('users')
        .values(
          newUserRow({
            id,
            account,
            real_name: account,
            password_hash: await hashPassword(md5('demo1234')),
            created_at: Date.now(),
          }),
        )
        .execute();
      return id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
