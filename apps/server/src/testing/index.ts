import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../db/index.ts';
import { seedDemo } from '../seed/demo.ts';
import type { App } from '../core/types.ts';
import { newId } from '../core/ids.ts';
import { hashPassword } from '../core/password.ts';
import { insertUsers, newUserRow } from '../modules/permission/user-row.ts';
import type { Database } from '../db/schema.ts';
import type { CodedTable } from '../core/unique-code.ts';
import type { VersionedTable } from '../core/versioned.ts';

export interface DbTarget {
  name: 'sqlite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

/**
 * A SQLite database in files of its own, in memory-backed storage where the machine has it: a
 * file, not ':memory:', because admin-written SQL runs in another process that opens the file.
 */
export function openSqliteTestDatabase(): DatabaseHandle {
  const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'atrium-test-'));
  const handle = openDatabase({ file: path.join(dir, 'atrium.db') });
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set, each opening in a schema of its own. */
export function dbTargets(): DbTarget[] {
  const targets: DbTarget[] = [{ name: 'sqlite', open: async () => openSqliteTestDatabase() }];
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
  /** Signs the demo accounts in one after another and returns their tokens in the same order. */
  logins(accounts: string[]): Promise<string[]>;
  /** The authority revisions, summed: a write that changes grants, names or memberships must raise one. */
  authorityRevision(): Promise<number>;
  /** Id of the seeded record with this enCode (organisation, position, group or role). */
  idOfCode(table: CodedTable, code: string): Promise<string>;
  /** enCode -> id of every record of the table. */
  idsByCode(table: CodedTable): Promise<Record<string, string>>;
  /** Id of the user with this account. */
  userIdOf(account: string): Promise<string>;
  /** The stored row with every column; fails when it is missing. */
  rowOf<T extends VersionedTable>(table: T, id: string): Promise<Selectable<Database[T]>>;
  /** Whether the table still holds a row with this id. */
  exists(table: VersionedTable, id: string): Promise<boolean>;
  /**
   * Sends two saves of one record at once (the optimistic-locking check: both carry the same
   * version). Answers both envelope codes, sorted, and which save (0 or 1) got 200.
   */
  saveTwiceAtOnce(
    url: string,
    first: { token: string; body: unknown },
    second: { token: string; body: unknown },
  ): Promise<{ codes: number[]; winner: 0 | 1 }>;
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

  const login: TestServer['login'] = async (account, password = account === 'admin' ? 'admin123' : 'demo1234') => {
    const res = await call('POST', '/api/oauth/Login', {
      form: { account, password: md5(password), grant_type: 'password' },
    });
    const body = res.json();
    if (body.code !== 200) throw new Error(`login ${account} failed: ${body.msg}`);
    return body.data.token as string;
  };
  const db = database.db;

  return {
    app,
    database,
    clock,
    call,
    login,
    async logins(accounts) {
      const tokens: string[] = [];
      for (const account of accounts) tokens.push(await login(account));
      return tokens;
    },
    async authorityRevision() {
      // Authority revisions are kept per key (docs/caching.md); any of them moving counts.
      const row = await db
        .selectFrom('revision')
        .select((eb) => eb.fn.sum<number>('value').as('total'))
        .where('name', 'not in', ['settings', 'dictionary', 'any'])
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
    async idOfCode(table, code) {
      return (await db.selectFrom(table).select('id').where('en_code', '=', code).executeTakeFirstOrThrow()).id;
    },
    async idsByCode(table) {
      const rows = await db.selectFrom(table).select(['id', 'en_code']).execute();
      return Object.fromEntries(rows.map((r) => [r.en_code, r.id]));
    },
    async userIdOf(account) {
      return (await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
    },
    async rowOf(table, id) {
      // Kysely cannot narrow a generic table name; the runtime statement is the plain one below.
      return (await db
        .selectFrom(table as 'users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as never;
    },
    async exists(table, id) {
      const row = await db
        .selectFrom(table as 'users')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
    async saveTwiceAtOnce(url, first, second) {
      const [a, b] = await Promise.all([call('PUT', url, first), call('PUT', url, second)]);
      const codes = [a.json().code, b.json().code];
      return { codes: [...codes].sort(), winner: codes[0] === 200 ? 0 : 1 };
    },
    async addBareUser(account) {
      const id = newId();
      await insertUsers(database.db, [
        newUserRow({
          id,
          account,
          real_name: account,
          password_hash: await hashPassword(md5('demo1234')),
          created_at: Date.now(),
        }),
      ]);
      return id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A multipart body with one file under the field `file`, as a browser's upload sends it; `fields`
 * go before the file, in order, as FormData puts them (the chunk upload reads them first).
 */
export function multipartFile(
  fileName: string,
  bytes: Buffer,
  fields: Record<string, string | number> = {},
): { payload: Buffer; contentType: string } {
  const boundary = '----atrium' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([...parts, head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
