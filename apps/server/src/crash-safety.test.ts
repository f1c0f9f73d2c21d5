import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { multipartFile } from './testing/index.ts';

/**
 * Crash safety: a real server process takes mixed writes from several staff at once and is killed
 * with SIGKILL in the middle of them, again and again. After each restart, every write the server
 * acknowledged must be there, and no command may be half done: a record without its sub-table rows,
 * a bill number issued twice, an upload without its bytes. `CRASH_KILLS` sets the kills per
 * database (20 by default; the soak runs more).
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const md5 = (text: string | Buffer) => createHash('md5').update(text).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CONTACTS = 3;

interface Target {
  name: string;
  /** Environment of the server process, and how the test opens the same database afterwards. */
  env: Record<string, string>;
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

function sqliteTarget(dataDir: string): Target {
  return {
    name: 'sqlite',
    env: { DATABASE_URL: '' },
    open: () => openDatabase({ file: path.join(dataDir, 'atrium.db') }),
    drop: async () => undefined,
  };
}

function postgresTarget(url: string): Target {
  const name = `atrium_crash_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    name: 'postgres',
    env: { DATABASE_URL: dbUrl.toString() },
    open: () => openDatabase({ url: dbUrl.toString() }),
    async drop() {
      await admin(`drop database if exists ${name} with (force)`);
    },
    // Created lazily by the first start (see below).
    ...{ create: () => admin(`create database ${name}`) },
  } as Target & { create(): Promise<void> };
}

/** What the writers were told was done: each must survive every kill. */
interface Acknowledged {
  launches: string[];
  approvals: string[];
  billNumbers: string[];
  notices: string[];
  records: string[];
  uploads: { fileId: string; bytes: number }[];
  chats: string[];
}

class ServerProcess {
  private child: ChildProcess | null = null;
  constructor(
    private readonly env: Record<string, string>,
    readonly base: string,
  ) {}

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, ...this.env, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await pause(100);
    }
    throw new Error('server did not start');
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}

describe.each(
  [
    (dir: string) => sqliteTarget(dir),
    ...(process.env.TEST_DATABASE_URL ? [() => postgresTarget(process.env.TEST_DATABASE_URL!)] : []),
  ].map((make) => ({ make })),
)('crash safety', ({ make }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-crash-'));
  const target = make(dataDir);
  const port = 4000 + Math.floor(Math.random() * 1000);
  const server = new ServerProcess(
    { ...target.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOGIN_RATE_MAX: '10000' },
    `http://127.0.0.1:${port}`,
  );
  const acked: Acknowledged = {
    launches: [],
    approvals: [],
    billNumbers: [],
    notices: [],
    records: [],
    uploads: [],
    chats: [],
  };
  const tokens: Record<string, string> = {};
  let modelId = '';
  let expenseFlowId = '';

  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await fetch(`${server.base}${url}`, {
      method,
      headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- each route answers its own shape
  };

  beforeAll(async () => {
    await (target as Partial<{ create(): Promise<void> }>).create?.();
    await server.start();
    for (const account of ['admin', 'manager', 'staff']) {
      const res = await fetch(`${server.base}/api/oauth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          account,
          password: md5(account === 'admin' ? 'admin123' : 'demo1234'),
          grant_type: 'password',
        }).toString(),
      });
      tokens[account] = ((await res.json()) as { data: { token: string } }).data.token;
    }
    const models = await call('GET', '/api/visualdev/Base?keyword=demoCustomer&pageSize=5', tokens.admin!);
    modelId = (models.data.list as { id: string; enCode: string }[]).find((m) => m.enCode === 'demoCustomer')!.id;
    const templates = await call('GET', '/api/workflow/Engine/flowTemplate/PageListAll?pageSize=999', tokens.staff!);
    expenseFlowId = (templates.data.list as { enCode: string; flowId: string }[]).find(
      (t) => t.enCode === 'expense',
    )!.flowId;
  }, 120_000);
  afterAll(async () => {
    await server.kill();
    await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One writer per kind, each looping until `stop` says so; only answers with code 200 count as done. */
  function runWriters(cycle: number, stop: { now: boolean }): Promise<unknown>[] {
    let n = 0;
    const loop = async (write: () => Promise<void>) => {
      while (!stop.now) {
        try {
          await write();
        } catch {
          // The server went away mid-request: not acknowledged, so nothing is owed.
        }
      }
    };
    // Staff launch expense claims; the manager approves whatever waits in his to-do list.
    const launch = loop(async () => {
      const formData = { expenseType: 'travel', amount: 100, expenseDate: Date.now(), description: `crash ${cycle}` };
      const answer = await call('POST', '/api/workflow/Engine/FlowTask', tokens.staff!, {
        flowId: expenseFlowId,
        formData,
      });
      if (answer.code === 200) acked.launches.push(answer.data.id as string);
    });
    const approve = loop(async () => {
      const todo = await call('GET', '/api/workflow/Engine/FlowBefore/List/1?pageSize=5', tokens.manager!);
      const id = (todo.data?.list as { id: string }[] | undefined)?.[0]?.id;
      if (!id) return void (await pause(20));
      const answer = await call('POST', `/api/workflow/Engine/FlowBefore/Audit/${id}`, tokens.manager!, {
        handleOpinion: 'ok',
      });
      if (answer.code === 200) acked.approvals.push(id);
    });
    const bill = loop(async () => {
      const answer = await call('GET', '/api/system/BillRule/BillNumber/leaveApply', tokens.manager!);
      if (answer.code === 200) acked.billNumbers.push(answer.data as string);
    });
    const notice = loop(async () => {
      const answer = await call('POST', '/api/message', tokens.admin!, { title: `crash ${cycle}.${(n += 1)}` });
      if (answer.code === 200) acked.notices.push(answer.data.id as string);
    });
    const record = loop(async () => {
      const name = `crash-${cycle}-${(n += 1)}`;
      const contacts = Array.from({ length: CONTACTS }, (_, i) => ({ contactName: `${name}-c${i}` }));
      const data = { customerName: name, customerLevel: 'key', contacts };
      const answer = await call('POST', `/api/visualdev/OnlineDev/${modelId}`, tokens.admin!, {
        data: JSON.stringify(data),
      });
      if (answer.code === 200) acked.records.push(name);
    });
    const upload = loop(async () => {
      const bytes = Buffer.from(randomBytes(2048 + Math.floor(Math.random() * 60_000)).toString('base64'));
      const fields = { identifier: md5(bytes), fileName: `crash-${cycle}.txt`, fileSize: bytes.length };
      const { payload, contentType } = multipartFile('blob', bytes, fields);
      const res = await fetch(`${server.base}/api/file`, {
        method: 'POST',
        headers: { authorization: tokens.staff!, 'content-type': contentType },
        body: payload,
      });
      const answer = (await res.json()) as { code: number; data: { fileId: string } };
      if (answer.code === 200) acked.uploads.push({ fileId: answer.data.fileId, bytes: bytes.length });
    });
    const chat = (async () => {
      while (!stop.now) {
        try {
          await chatUntilClosed(cycle, stop);
        } catch {
          // The socket dropped with the server.
        }
        await pause(50);
      }
    })();
    return [launch, approve, bill, notice, record, upload, chat];
  }

  /** Staff chats with the manager over the live socket; the echo of a message is its acknowledgement. */
  async function chatUntilClosed(cycle: number, stop: { now: boolean }): Promise<void> {
    const token = tokens.staff!;
    const managerId = (await call('GET', '/api/oauth/CurrentUser', tokens.manager!)).data.userInfo.userId as string;
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/api/message/websocket/${encodeURIComponent(token)}`);
    const pending = new Map<string, true>();
    let sent = 0;
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { method: string; toMessage?: string };
      if (frame.method === 'sendMessage' && frame.toMessage && pending.delete(frame.toMessage))
        acked.chats.push(frame.toMessage);
    });
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    while (!stop.now && ws.readyState === ws.OPEN) {
      const text = `crash chat ${cycle}.${(sent += 1)}`;
      pending.set(text, true);
      ws.send(
        JSON.stringify({
          method: 'SendMessage',
          token,
          toUserId: managerId,
          messageType: 'text',
          messageContent: text,
        }),
      );
      await pause(20);
    }
    ws.close();
    await closed;
  }

  it(
    `loses no acknowledged write and shows no half-done command over ${KILLS} kills`,
    { timeout: 600_000 },
    async () => {
      for (let cycle = 1; cycle <= KILLS; cycle += 1) {
        if (cycle > 1) await server.start();
        const stop = { now: false };
        const writers = runWriters(cycle, stop);
        // Killed at a random moment, with every writer mid-flight.
        await pause(300 + Math.random() * 900);
        await server.kill();
        stop.now = true;
        await Promise.all(writers);
      }

      const database = target.open();
      try {
        const db = database.db;
        // Bill numbers: never one twice, whatever was killed between issuing and answering.
        expect(new Set(acked.billNumbers).size).toBe(acked.billNumbers.length);

        const notices = await db.selectFrom('message').select('id').where('id', 'in', acked.notices).execute();
        expect(notices.length).toBe(acked.notices.length);

        // Every acknowledged record is there, and every record (acknowledged or not) has all its rows.
        const rows = await sql<{ name: string; contacts: number }>`
        select m.f_customername as name,
               (select count(*) from vd_democustomer__contacts c where c.parent_id = m.id) as contacts
        from vd_democustomer m where m.f_customername like 'crash-%'`.execute(db);
        const byName = new Map(rows.rows.map((r) => [r.name, Number(r.contacts)]));
        for (const name of acked.records) expect(byName.has(name), name).toBe(true);
        for (const [name, contacts] of byName) expect(contacts, name).toBe(CONTACTS);

        for (const upload of acked.uploads) {
          const file = path.join(dataDir, 'files', 'annex', upload.fileId);
          expect(fs.statSync(file).size, upload.fileId).toBe(upload.bytes);
        }

        const chats = await db
          .selectFrom('im_content')
          .select('content')
          .where('content', 'like', 'crash chat %')
          .execute();
        const stored = new Set(chats.map((c) => c.content));
        for (const text of acked.chats) expect(stored.has(text), text).toBe(true);

        // Flows: every acknowledged launch and approval is there, and no flow is half moved: a running
        // one waits on a pending to-do, an ended one has none left, and every handled to-do has the
        // record of its approval.
        const launched = await db.selectFrom('flow_instance').select('id').where('id', 'in', acked.launches).execute();
        expect(launched.length).toBe(acked.launches.length);
        const approved = await db
          .selectFrom('flow_operator')
          .select(['id', 'state', 'handle_status'])
          .where('id', 'in', acked.approvals)
          .execute();
        expect(approved.length).toBe(acked.approvals.length);
        for (const op of approved) expect([op.state, op.handle_status], op.id).toEqual(['done', 1]);
        const flows = await db.selectFrom('flow_instance').select(['id', 'status']).execute();
        const operators = await db.selectFrom('flow_operator').select(['id', 'instance_id', 'state']).execute();
        const approvalRecords = new Set(
          (await db.selectFrom('flow_record').select('operator_id').where('handle_status', '=', 1).execute()).map(
            (r) => r.operator_id,
          ),
        );
        for (const flow of flows) {
          const mine = operators.filter((o) => o.instance_id === flow.id);
          const pending = mine.filter((o) => o.state === 'pending').length;
          if (flow.status === 1) expect(pending, flow.id).toBeGreaterThan(0);
          else expect(pending, flow.id).toBe(0);
          for (const op of mine.filter((o) => o.state === 'done')) expect(approvalRecords.has(op.id), op.id).toBe(true);
        }

        const total = Object.values(acked).reduce((sum, kind) => sum + kind.length, 0);
        console.log(
          `crash safety on ${target.name}: ${KILLS} kills, ${total} acknowledged writes ` +
            `(${acked.launches.length} flows launched, ${acked.approvals.length} approvals, ` +
            `${acked.billNumbers.length} bill numbers, ${acked.notices.length} notices, ${acked.records.length} records, ` +
            `${acked.uploads.length} uploads, ${acked.chats.length} chat messages), 0 lost`,
        );
        // The run must have written something of every kind, or it proved nothing.
        for (const kind of Object.values(acked)) expect(kind.length).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
  );
});
