import type { AddressInfo } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { WebSocket } from 'ws';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import type { App } from '../../core/types.ts';
import { migrate, type DatabaseHandle } from '../../db/index.ts';
import { seedDemo } from '../../seed/demo.ts';
import { md5, type DbTarget } from '../../testing/index.ts';

// Frames are whatever JSON the server sent; tests assert on their fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Frame = { method: string } & Record<string, any>;

/** Listening address of an app started with listen({ port: 0 }). */
export function baseUrlOf(app: App): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/**
 * A websocket client for tests: frames are kept in arrival order and taken with next(method), so a
 * test can wait for what it expects without racing the server.
 */
export class TestSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
    void this.closed.then(() => this.wake());
  }

  /** Opens /api/message/websocket/{token} (or under `prefix`, e.g. '/prod'). */
  static async open(base: string, token: string, prefix = ''): Promise<TestSocket> {
    const ws = new WebSocket(`${base}${prefix}/api/message/websocket/${encodeURIComponent(token)}`);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  send(frame: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Takes (removes) the first frame with this method, waiting for it up to `ms`. */
  async next(method: string, ms = 3000, match: (frame: Frame) => boolean = () => true): Promise<Frame> {
    const end = Date.now() + ms;
    for (;;) {
      const index = this.frames.findIndex((f) => f.method === method && match(f));
      if (index >= 0) return this.frames.splice(index, 1)[0]!;
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no ${method} frame within ${ms} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends OnConnection and answers the initMessage. */
  async connect(token: string): Promise<Frame> {
    this.send({ method: 'OnConnection', token, mobileDevice: false });
    return this.next('initMessage');
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}

export interface Cluster {
  apps: App[];
  bases: string[];
  database: DatabaseHandle;
  login(account: string, options?: { password?: string; via?: number }): Promise<string>;
  /** One JSON call on the first instance with the token, answering the parsed envelope. */
  // Envelopes differ per route; tests assert on their fields directly.
  call(method: string, url: string, token: string, body?: unknown): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/**
 * `count` Atrium instances listening on free ports over ONE seeded database (so a token made on one
 * is valid on the others), as several servers behind a load balancer are. `now` replaces their clock
 * (a test that moves time).
 */
export async function startCluster(
  target: DbTarget,
  count: number,
  overrides: Partial<Config> = {},
  logger: FastifyServerOptions['logger'] = false,
  now?: () => number,
): Promise<Cluster> {
  const database = await target.open();
  await migrate(database.db);
  await seedDemo(database.db);
  const config: Config = { ...loadConfig({}), webDist: '/nonexistent', loginRateMax: 1000, ...overrides };
  const apps: App[] = [];
  for (let i = 0; i < count; i += 1) {
    const app = await buildApp({ config, database, logger, ...(now ? { now } : {}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
  return {
    apps,
    bases: apps.map(baseUrlOf),
    database,
    async login(account, options = {}) {
      const password = options.password ?? (account === 'admin' ? 'admin123' : 'demo1234');
      const res = await apps[options.via ?? 0]!.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account, password: md5(password), grant_type: 'password' }).toString(),
      });
      const body = res.json() as { code: number; msg: string; data: { token: string } };
      if (body.code !== 200) throw new Error(`login ${account} failed: ${body.msg}`);
      return body.data.token;
    },
    async call(method, url, token, body) {
      const res = await apps[0]!.inject({
        method: method as 'GET',
        url,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        payload: body ? JSON.stringify(body) : undefined,
      });
      return res.json();
    },
    async close() {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}
