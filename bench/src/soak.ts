/**
 * `npm run soak`: signed-in staff use Atrium for minutes on end — browsing lists, saving forms with
 * sub-tables, launching and approving claims, chatting over the live socket, exporting — first against one instance on SQLite, then
 * against two instances on PostgreSQL and Redis behind nginx (the README's configuration). Every
 * sample interval it prints throughput, p95 and p99, errors, and each instance's memory and
 * event-loop delay; at the end it checks that memory stopped growing after the warm-up
 * (`SOAK_MEMORY_GROWTH_MB`) and that no request failed. Exits 1 when a check fails.
 *
 * SOAK_MINUTES (10), SOAK_USERS (20), SOAK_SETUPS ('one,two'), SOAK_SAMPLE_SECONDS (10),
 * SOAK_MEMORY_GROWTH_MB (96), SOAK_DATABASE_URL (a PostgreSQL server for 'two'; default the local
 * one), SOAK_REDIS_URL (redis://127.0.0.1:6379), SOAK_NGINX (/usr/sbin/nginx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { FORM_HEADERS, md5 } from './atrium-client.ts';

const env = process.env;
const minutes = Number(env.SOAK_MINUTES ?? 10);
const users = Number(env.SOAK_USERS ?? 20);
const setups = (env.SOAK_SETUPS ?? 'one,two').split(',').map((s) => s.trim());
const sampleMs = Number(env.SOAK_SAMPLE_SECONDS ?? 10) * 1000;
const growthBoundMb = Number(env.SOAK_MEMORY_GROWTH_MB ?? 96);
const pgUrl = env.SOAK_DATABASE_URL ?? 'postgres://postgres@localhost:5432/postgres';
const redisUrl = env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginxBin = env.SOAK_NGINX ?? '/usr/sbin/nginx';
const METRICS_TOKEN = 'soak';
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

// ---------------------------------------------------------------------------------------------
// Processes: Atrium instances and nginx
// ---------------------------------------------------------------------------------------------

interface Instance {
  origin: string;
  child: ChildProcess;
}

async function waitFor(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await pause(200);
  }
  throw new Error(`${what} did not answer ${url}`);
}

async function startInstance(extra: Record<string, string>): Promise<Instance> {
  const port = freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'apps/server/src/main.ts')], {
    cwd: repo,
    env: {
      ...env,
      ...extra,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      METRICS_TOKEN,
      LOGIN_RATE_MAX: '100000',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/ready`, 'Atrium');
  return { origin, child };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** nginx in the foreground with the README's proxy block, its files in a folder of its own. */
async function startNginx(upstreams: string[], dir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = freePort();
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 50m;
  upstream atrium { ${upstreams.map((u) => `server ${u.replace('http://', '')};`).join(' ')} keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://atrium;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(nginxBin, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/health`, 'nginx');
  return { origin, child };
}

// ---------------------------------------------------------------------------------------------
// Load: staff members doing their day's work
// ---------------------------------------------------------------------------------------------

interface Window {
  latencies: number[];
  errors: number;
  byAction: Map<string, number>;
}
const newWindow = (): Window => ({ latencies: [], errors: 0, byAction: new Map() });

interface Staff {
  account: string;
  userId: string;
  token: string;
}

type Envelope = { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- each route answers its own shape

async function call(origin: string, method: string, url: string, token: string, body?: unknown): Promise<Envelope> {
  const res = await fetch(`${origin}/prod${url}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    // A workbook or another file: a 200 with bytes is success.
    return { code: res.ok ? 200 : res.status, msg: '', data: null };
  }
}

async function signIn(origin: string, account: string): Promise<string> {
  const password = md5(account === 'admin' ? 'admin123' : 'demo1234');
  const res = await fetch(`${origin}/prod/api/oauth/Login`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: new URLSearchParams({ account, password, grant_type: 'password' }).toString(),
  });
  const body = (await res.json()) as Envelope;
  if (body.code !== 200) throw new Error(`sign-in as ${account}: ${body.msg}`);
  return body.data.token as string;
}

interface Workload {
  origin: string;
  staff: Staff[];
  customerModel: string;
  assetModel: string;
  expenseFlowId: string;
}

async function prepare(origin: string): Promise<Workload> {
  const admin = await signIn(origin, 'admin');
  const list = await call(origin, 'GET', '/api/permission/Users?currentPage=1&pageSize=100', admin);
  // The staff member and his manager are always among them, so claims launched get approved.
  const enabled = (list.data.list as { account: string; id: string; enabledMark: number }[]).filter(
    (u) => u.account !== 'admin' && u.enabledMark === 1,
  );
  const pinned = enabled.filter((u) => u.account === 'staff' || u.account === 'manager');
  const accounts = [...pinned, ...enabled.filter((u) => !pinned.includes(u))].slice(0, users);
  const staff: Staff[] = [];
  for (const u of accounts) staff.push({ account: u.account, userId: u.id, token: await signIn(origin, u.account) });
  const models = await call(origin, 'GET', '/api/visualdev/Base?pageSize=50', admin);
  const idOf = (code: string) =>
    (models.data.list as { id: string; enCode: string }[]).find((m) => m.enCode === code)!.id;
  const templates = await call(origin, 'GET', '/api/workflow/Engine/flowTemplate/PageListAll?pageSize=999', admin);
  const expenseFlowId = (templates.data.list as { enCode: string; flowId: string }[]).find(
    (t) => t.enCode === 'expense',
  )!.flowId;
  return { origin, staff, customerModel: idOf('demoCustomer'), assetModel: idOf('demoAsset'), expenseFlowId };
}

/** One staff member's next action, by weight; each answers whether it succeeded. */
function actions(w: Workload, me: Staff, socket: ChatSocket) {
  let saved = 0;
  const others = w.staff.filter((s) => s !== me);
  const peer = () => others[Math.floor(Math.random() * others.length)]!;
  const ok = (answer: Envelope) => answer.code === 200;
  return [
    {
      name: 'current user',
      weight: 10,
      run: async () => ok(await call(w.origin, 'GET', '/api/oauth/CurrentUser', me.token)),
    },
    {
      name: 'messages',
      weight: 15,
      run: async () => ok(await call(w.origin, 'GET', '/api/message?currentPage=1&pageSize=20', me.token)),
    },
    {
      name: 'list records',
      weight: 15,
      run: async () =>
        ok(
          await call(w.origin, 'POST', `/api/visualdev/OnlineDev/${w.customerModel}/List`, me.token, {
            currentPage: 1,
            pageSize: 20,
          }),
        ),
    },
    {
      name: 'save record',
      weight: 20,
      run: async () => {
        const name = `soak ${me.account} ${(saved += 1)} ${randomBytes(3).toString('hex')}`;
        const contacts = [0, 1, 2].map((i) => ({ contactName: `${name} c${i}` }));
        const data = { customerName: name, customerLevel: 'normal', contacts };
        return ok(
          await call(w.origin, 'POST', `/api/visualdev/OnlineDev/${w.customerModel}`, me.token, {
            data: JSON.stringify(data),
          }),
        );
      },
    },
    { name: 'chat', weight: 20, run: () => socket.say(peer().userId) },
    {
      name: 'launch claim',
      weight: 5,
      run: async () => {
        const formData = { expenseType: 'travel', amount: 100, expenseDate: Date.now(), description: 'soak' };
        return ok(
          await call(w.origin, 'POST', '/api/workflow/Engine/FlowTask', me.token, {
            flowId: w.expenseFlowId,
            formData,
          }),
        );
      },
    },
    {
      // The to-do list, and the first to-do approved when there is one.
      name: 'approve',
      weight: 10,
      run: async () => {
        const todo = await call(w.origin, 'GET', '/api/workflow/Engine/FlowBefore/List/1?pageSize=5', me.token);
        const id = (todo.data?.list as { id: string }[] | undefined)?.[0]?.id;
        if (!ok(todo) || !id) return ok(todo);
        const answer = await call(w.origin, 'POST', `/api/workflow/Engine/FlowBefore/Audit/${id}`, me.token, {
          handleOpinion: '同意',
        });
        return ok(answer);
      },
    },
    {
      name: 'export',
      weight: 5,
      run: async () =>
        ok(
          await call(w.origin, 'POST', `/api/visualdev/OnlineDev/${w.assetModel}/Actions/Export`, me.token, {
            currentPage: 1,
            pageSize: 20,
            dataType: 'page',
          }),
        ),
    },
  ];
}

/** A staff member's live socket: a chat line is done when its echo comes back. */
class ChatSocket {
  private ws: WebSocket | null = null;
  private waiting = new Map<string, (ok: boolean) => void>();
  private sent = 0;
  constructor(
    private readonly origin: string,
    private readonly me: Staff,
  ) {}

  private async open(): Promise<WebSocket> {
    if (this.ws?.readyState === WebSocket.OPEN) return this.ws;
    const ws = new WebSocket(
      `${this.origin.replace('http', 'ws')}/prod/api/message/websocket/${encodeURIComponent(this.me.token)}`,
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { method: string; toMessage?: string };
      if (frame.method === 'sendMessage' && frame.toMessage) {
        this.waiting.get(frame.toMessage)?.(true);
        this.waiting.delete(frame.toMessage);
      }
    });
    ws.on('close', () => {
      for (const done of this.waiting.values()) done(false);
      this.waiting.clear();
    });
    // Frames count once the server has answered OnConnection with initMessage.
    const ready = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        if ((JSON.parse(data.toString()) as { method: string }).method === 'initMessage') resolve();
      }),
    );
    ws.send(JSON.stringify({ method: 'OnConnection', token: this.me.token, mobileDevice: false }));
    await ready;
    this.ws = ws;
    return ws;
  }

  async say(to: string): Promise<boolean> {
    const ws = await this.open();
    const text = `soak ${this.me.account} ${(this.sent += 1)}`;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(text);
        resolve(false);
      }, 10_000);
      this.waiting.set(text, (ok) => {
        clearTimeout(timer);
        resolve(ok);
      });
      ws.send(
        JSON.stringify({
          method: 'SendMessage',
          token: this.me.token,
          toUserId: to,
          messageType: 'text',
          messageContent: text,
        }),
      );
    });
  }

  close(): void {
    this.ws?.close();
  }
}

async function runStaff(w: Workload, me: Staff, until: number, window: () => Window): Promise<void> {
  const socket = new ChatSocket(w.origin, me);
  const list = actions(w, me, socket);
  const total = list.reduce((sum, a) => sum + a.weight, 0);
  try {
    while (Date.now() < until) {
      let pick = Math.random() * total;
      const action = list.find((a) => (pick -= a.weight) < 0) ?? list[0]!;
      const started = performance.now();
      let ok = false;
      try {
        ok = await action.run();
      } catch {
        ok = false;
      }
      const current = window();
      current.latencies.push(performance.now() - started);
      current.byAction.set(action.name, (current.byAction.get(action.name) ?? 0) + 1);
      if (!ok) current.errors += 1;
      // A person reads the answer before the next click.
      await pause(50 + Math.random() * 150);
    }
  } finally {
    socket.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Samples and the report
// ---------------------------------------------------------------------------------------------

interface Sample {
  atSeconds: number;
  requests: number;
  rps: number;
  p95: number;
  p99: number;
  errors: number;
  /** Per instance: resident set in MB and event-loop delay p99 / max in ms over the interval. */
  instances: { rssMb: number; heapMb: number; loopP99Ms: number; loopMaxMs: number }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function scrape(origin: string) {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const figure = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
  return {
    rssMb: figure(/atrium_process_memory_bytes\{kind="rss"\} ([\d.e+]+)/) / 2 ** 20,
    heapMb: figure(/atrium_process_memory_bytes\{kind="heapUsed"\} ([\d.e+]+)/) / 2 ** 20,
    loopP99Ms: figure(/atrium_event_loop_delay_seconds\{quantile="0.99"\} ([\d.e+-]+)/) * 1000,
    loopMaxMs: figure(/atrium_event_loop_delay_seconds\{quantile="max"\} ([\d.e+-]+)/) * 1000,
  };
}

interface SetupResult {
  setup: string;
  minutes: number;
  users: number;
  requests: number;
  rps: number;
  p95: number;
  p99: number;
  errors: number;
  samples: Sample[];
  memoryGrowthMb: number[];
  checks: { text: string; pass: boolean }[];
}

async function soak(setup: string, front: string, instanceOrigins: string[]): Promise<SetupResult> {
  const workload = await prepare(front);
  const started = Date.now();
  const until = started + minutes * 60_000;
  let window = newWindow();
  const all: number[] = [];
  let errors = 0;
  const samples: Sample[] = [];
  const staff = workload.staff.map((me) => runStaff(workload, me, until, () => window));
  console.log(`\n== soak: ${setup} (${workload.staff.length} staff, ${minutes} min)`);
  console.log(
    '   t(s)   req/s    p95 ms   p99 ms  errors  ' +
      instanceOrigins.map((_, i) => `rss${i + 1} MB  loop p99/max ms`).join('  '),
  );
  while (Date.now() < until) {
    await pause(Math.min(sampleMs, until - Date.now()));
    const closed = window;
    window = newWindow();
    const sorted = closed.latencies.sort((a, b) => a - b);
    all.push(...sorted);
    errors += closed.errors;
    const instances = await Promise.all(instanceOrigins.map(scrape));
    const sample: Sample = {
      atSeconds: Math.round((Date.now() - started) / 1000),
      requests: sorted.length,
      rps: sorted.length / (sampleMs / 1000),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      errors: closed.errors,
      instances,
    };
    samples.push(sample);
    console.log(
      `${String(sample.atSeconds).padStart(7)} ${sample.rps.toFixed(0).padStart(7)} ${sample.p95.toFixed(1).padStart(9)} ` +
        `${sample.p99.toFixed(1).padStart(8)} ${String(sample.errors).padStart(7)}  ` +
        instances
          .map(
            (i) => `${i.rssMb.toFixed(0).padStart(8)}  ${i.loopP99Ms.toFixed(1).padStart(7)}/${i.loopMaxMs.toFixed(0)}`,
          )
          .join('  '),
    );
  }
  await Promise.all(staff);
  all.sort((a, b) => a - b);
  // Memory is judged from the end of the warm-up (a fifth of the run): caches, JIT and pools have
  // filled by then, so growth after it is what a leak would look like.
  const warm = samples[Math.min(samples.length - 1, Math.floor(samples.length / 5))]!;
  const last = samples[samples.length - 1]!;
  const memoryGrowthMb = instanceOrigins.map((_, i) => last.instances[i]!.rssMb - warm.instances[i]!.rssMb);
  const checks = [
    { text: `no failed request (${errors} of ${all.length})`, pass: errors === 0 },
    ...memoryGrowthMb.map((growth, i) => ({
      text: `instance ${i + 1} memory growth after warm-up ${growth.toFixed(0)} MB <= ${growthBoundMb} MB`,
      pass: growth <= growthBoundMb,
    })),
  ];
  const durationSeconds = (Date.now() - started) / 1000;
  return {
    setup,
    minutes,
    users: workload.staff.length,
    requests: all.length,
    rps: all.length / durationSeconds,
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    errors,
    samples,
    memoryGrowthMb,
    checks,
  };
}

async function withPgDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `atrium_soak_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

async function runSetup(setup: string): Promise<SetupResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `atrium-soak-${setup}-`));
  const processes: ChildProcess[] = [];
  try {
    if (setup === 'one') {
      const instance = await startInstance({ DATA_DIR: dir, DATABASE_URL: '' });
      processes.push(instance.child);
      return await soak('one instance, SQLite', instance.origin, [instance.origin]);
    }
    return await withPgDatabase(async (url) => {
      const shared = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url, REDIS_URL: redisUrl };
      // Both start at once, as a deploy starts them: migration and seed are safe to race.
      const instances = await Promise.all([startInstance(shared), startInstance(shared)]);
      processes.push(...instances.map((i) => i.child));
      const nginxDir = path.join(dir, 'nginx');
      fs.mkdirSync(nginxDir);
      const nginx = await startNginx(
        instances.map((i) => i.origin),
        nginxDir,
      );
      processes.push(nginx.child);
      try {
        return await soak(
          'two instances behind nginx, PostgreSQL + Redis',
          nginx.origin,
          instances.map((i) => i.origin),
        );
      } finally {
        // The instances hold connections to the database that is dropped next.
        for (const child of processes.splice(0).reverse()) await stopProcess(child);
      }
    });
  } finally {
    for (const child of processes.reverse()) await stopProcess(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const results: SetupResult[] = [];
for (const setup of setups) results.push(await runSetup(setup));

console.log('\n== soak summary');
for (const r of results) {
  console.log(
    `${r.setup}: ${r.requests} requests in ${r.minutes} min, ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms, ` +
      `p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`,
  );
  for (const c of r.checks) console.log(`  ${c.pass ? '✓' : '✗'} ${c.text}`);
}
const resultsDir = path.join(repo, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, 'soak.json'),
  JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
);
process.exit(results.every((r) => r.checks.every((c) => c.pass)) ? 0 : 1);
