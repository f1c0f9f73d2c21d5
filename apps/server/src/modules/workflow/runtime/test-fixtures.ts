/**
 * Test templates written straight into the tables (a published version with the given tree), small
 * builders of node trees, and the helpers the runtime's HTTP tests share (sign-in, engine calls as a
 * user, and reads of an instance's rows), for the runtime's tests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type {
  ApproverNode,
  ApproverProperties,
  ConditionBranch,
  ConditionNode,
  CopyNode,
  FlowNode,
  ParallelNode,
  StartNode,
  StartProperties,
} from '@atrium/shared/workflow';
import { newId } from '../../../core/ids.ts';
import { createJobQueue, type JobQueue } from '../../../core/jobs/index.ts';
import { createLocalPushHub } from '../../../core/push.ts';
import { writeSettings } from '../../../core/settings.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Db } from '../../../db/index.ts';
import { createAdminSqlReader } from '../../../core/admin-sql/index.ts';
import { registerWorkflowJobs } from './jobs.ts';
import type { RuntimeServices } from './service.ts';

/** Links nodes into a chain: each one's `childNode` is the next. */
export function chain<T extends FlowNode>(head: T, ...rest: FlowNode[]): T {
  let at: FlowNode = head;
  for (const node of rest) {
    at.childNode = node;
    at = node;
  }
  return head;
}

export const startNode = (properties: StartProperties = {}): StartNode => ({
  nodeId: 'start',
  type: 'start',
  name: '发起',
  properties,
  childNode: null,
});

export const approverNode = (
  nodeId: string,
  properties: Partial<ApproverProperties> = {},
  type: 'approver' | 'handle' = 'approver',
): ApproverNode => ({
  nodeId,
  type,
  name: nodeId,
  properties: { assigneeType: 1, counterSign: 0, rejectTarget: 'any', ...properties },
  childNode: null,
});

export const copyNode = (nodeId: string, users: string[]): CopyNode => ({
  nodeId,
  type: 'copy',
  name: nodeId,
  properties: { users },
  childNode: null,
});

export const branch = (
  nodeId: string,
  priority: number,
  childNode: FlowNode | null,
  when?: ConditionBranch['when'],
  isDefault = false,
): ConditionBranch => ({
  nodeId,
  name: nodeId,
  priority,
  ...(isDefault ? { isDefault: true } : {}),
  ...(when ? { when } : {}),
  childNode,
});

export const conditionNode = (
  nodeId: string,
  branches: ConditionBranch[],
  mode: 'exclusive' | 'inclusive' | 'chooser' = 'exclusive',
): ConditionNode => ({
  nodeId,
  type: 'condition',
  name: nodeId,
  properties: { mode },
  conditionNodes: branches,
  childNode: null,
});

export const parallelNode = (nodeId: string, branches: ConditionBranch[]): ParallelNode => ({
  nodeId,
  type: 'parallel',
  name: nodeId,
  properties: {},
  conditionNodes: branches,
  childNode: null,
});

/** A rule "field op value" as a branch condition. */
export const when = (left: string, op: '>' | '<=' | '==', right: unknown): ConditionBranch['when'] => ({
  logic: 'and',
  groups: [{ logic: 'and', rules: [{ left, op, right }] }],
});

/** Adds a published version of a tree to a template (creating the template first when needed). */
export async function publishTemplate(
  db: Db,
  input: { code: string; tree: FlowNode; flowType?: number; templateId?: string },
): Promise<{ templateId: string; versionId: string; versionNo: number }> {
  const now = Date.now();
  let templateId = input.templateId;
  if (!templateId) {
    templateId = newId(now);
    await db
      .insertInto('flow_template')
      .values({
        id: templateId,
        en_code: input.code,
        full_name: `流程${input.code}`,
        category: '',
        flow_type: input.flowType ?? 0,
        form_type: 2,
        form_id: null,
        icon: null,
        icon_background: null,
        description: null,
        current_version_id: null,
        enabled: 1,
        sort_code: 0,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
  }
  const last = await db
    .selectFrom('flow_template_version')
    .select((eb) => eb.fn.max('version_no').as('n'))
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  const versionNo = Number(last?.n ?? 0) + 1;
  const versionId = newId(now);
  await db
    .insertInto('flow_template_version')
    .values({
      id: versionId,
      template_id: templateId,
      version_no: versionNo,
      state: 'published',
      node_tree: JSON.stringify(input.tree),
      form_snapshot: JSON.stringify({ fields: [] }),
      checksum: null,
      published_at: now,
      published_by: null,
      created_at: now,
      created_by: null,
    })
    .execute();
  await db.updateTable('flow_template').set({ current_version_id: versionId }).where('id', '=', templateId).execute();
  return { templateId, versionId, versionNo };
}

/**
 * What the runtime's commands and jobs need, on a test server's database, fake clock and admin-SQL
 * reader; jobs go to the job table (through `jobs`, or a queue that runs nothing).
 */
export function testRuntimeServices(server: ServerUnderTest, jobs?: JobQueue): RuntimeServices {
  const now = () => server.clock.now;
  const { db, dialect } = server.database;
  return {
    db,
    push: createLocalPushHub(),
    now,
    adminSql: createAdminSqlReader(server.database, { log: server.app.log }),
    jobs: jobs ?? createJobQueue({ db, dialect, now, cleanupEveryMs: 0 }),
  };
}

/** What the helpers below use of a test server (testing/index.ts): its database, log and fake clock. */
export interface ServerUnderTest {
  database: DatabaseHandle;
  app: { log: FastifyBaseLogger };
  clock: { now: number };
}

/**
 * The kernel's job runner with the workflow's handlers, on a test server's database and fake clock:
 * the server's own runner does not run in tests, so jobs the commands enqueue wait in the job table
 * until `runDue()` of this one claims them (leases, retries and all), as a server's runner would.
 */
export function workflowJobRunner(server: ServerUnderTest): JobQueue {
  const now = () => server.clock.now;
  const jobs = createJobQueue({ db: server.database.db, dialect: server.database.dialect, now, cleanupEveryMs: 0 });
  registerWorkflowJobs(testRuntimeServices(server, jobs));
  return jobs;
}

const CENTURY_MINUTES = 100 * 365 * 24 * 60;

/**
 * Keeps sessions alive however far a test moves the fake clock (timers and overdue actions are hours
 * away; the token timeout would end the sessions first): the timeout becomes a century, and the
 * sessions signed in so far get it at once.
 */
export async function keepSessions(server: ServerUnderTest): Promise<void> {
  const db = server.database.db;
  await writeSettings(db, { tokenTimeout: CENTURY_MINUTES }, server.clock.now);
  await db
    .updateTable('session')
    .set({ expires_at: server.clock.now + CENTURY_MINUTES * 60_000 })
    .where('ended_at', 'is', null)
    .execute();
}

/** A request the outside API received. */
export interface ReceivedCall {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

/**
 * An outside API for the flows' data interfaces to call, on a port of its own, allowed in the
 * server's `dataInterfaceHosts`: it keeps every request in `received`, answers a path starting with
 * `/fail` with 500 and any other with `answer(body)` as JSON.
 */
export async function startOutsideApi(server: ServerUnderTest, answer: (body: Record<string, unknown>) => unknown) {
  const received: ReceivedCall[] = [];
  const api = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.url?.startsWith('/fail')) res.writeHead(500).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(body)));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(api.address() as AddressInfo).port}`;
  await writeSettings(server.database.db, { dataInterfaceHosts: host });
  return { base: `http://${host}`, received, close: () => api.close() };
}

/** The workflow engine's API: the helpers below take paths relative to it. */
export const ENGINE = '/api/workflow/Engine';

/** The answer envelope of an API call. */
export interface ApiAnswer {
  code: number;
  msg: string;
  // Response data differs per route; tests assert on its fields directly.
  data?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * What the HTTP helpers use of a test server (testing/index.ts, which this layer may not import):
 * its database, requests sent in process, and the demo accounts' sign-in.
 */
export interface ServerWithApi {
  database: DatabaseHandle;
  call(method: string, url: string, options: { token?: string; body?: unknown }): Promise<{ json(): ApiAnswer }>;
  logins(accounts: string[]): Promise<string[]>;
  userIdOf(account: string): Promise<string>;
}

/** Signs the accounts in, one after another, and answers each one's token and user id by account. */
export async function signIn<A extends string>(
  server: ServerWithApi,
  accounts: readonly A[],
): Promise<{ tokens: Record<A, string>; ids: Record<A, string> }> {
  const list = await server.logins([...accounts]);
  const tokens = Object.fromEntries(accounts.map((a, i) => [a, list[i]!])) as Record<A, string>;
  const ids = Object.fromEntries(
    await Promise.all(accounts.map(async (a) => [a, await server.userIdOf(a)] as const)),
  ) as Record<A, string>;
  return { tokens, ids };
}

/** A test's server once signed in: the tokens and user ids by account (from `signIn`). */
export interface SignedInServer {
  server: ServerWithApi;
  tokens: Readonly<Record<string, string>>;
  ids: Readonly<Record<string, string>>;
}

/**
 * Calls to the engine as a user and reads of an instance's rows. `signedIn` is read at each call:
 * the helpers are made when the suite is declared, the server signs in later, in `beforeAll`.
 */
export function workflowTestKit(signedIn: () => SignedInServer) {
  const db = () => signedIn().server.database.db;

  /**
   * Sends a request as `account` and answers the envelope: a path not under /api is the engine's,
   * and a POST or PUT without a body sends `{}`.
   */
  const call = (method: string, url: string, account: string, body?: object): Promise<ApiAnswer> => {
    const { server, tokens } = signedIn();
    return server
      .call(method, url.startsWith('/api') ? url : `${ENGINE}${url}`, {
        token: tokens[account],
        body: body ?? (method === 'POST' || method === 'PUT' ? {} : undefined),
      })
      .then((r) => r.json());
  };

  /** Launches a flow (template or version id) as `account`; the launch must pass. Answers the instance id. */
  const launch = async (
    flowId: string,
    formData: Record<string, unknown> = {},
    account = 'staff',
    extra: object = {},
  ): Promise<string> => {
    const answer = await call('POST', '/FlowTask', account, { flowId, formData, ...extra });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data.id as string;
  };

  /** A data interface made by the administrator through the API, with a fresh code; answers its id. */
  let interfaces = 0;
  const createInterface = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await call('POST', '/api/system/DataInterface', 'admin', {
      categoryId: 'di-cat-business',
      fullName: `flow interface ${++interfaces}`,
      enCode: `flow.interface${interfaces}`,
      ...body,
    });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data.id as string;
  };

  /** Approver properties naming the accounts' users (assignee type 6). */
  const users = (...accounts: string[]) => ({
    assigneeType: 6 as const,
    members: { users: accounts.map((a) => signedIn().ids[a]!) },
  });

  const instance = (id: string) =>
    db().selectFrom('flow_instance').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The instance's operators in the order their handlers received them. */
  const operators = (id: string) =>
    db()
      .selectFrom('flow_operator')
      .selectAll()
      .where('instance_id', '=', id)
      .orderBy('received_at')
      .orderBy('sequence_index')
      .orderBy('id')
      .execute();

  /** The instance's records, oldest first. */
  const records = (id: string) =>
    db()
      .selectFrom('flow_record')
      .selectAll()
      .where('instance_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** The id of `account`'s pending operator on the instance; fails when there is none. */
  const pendingOf = async (id: string, account: string): Promise<string> => {
    const op = (await operators(id)).find((o) => o.assignee_id === signedIn().ids[account] && o.state === 'pending');
    if (!op) throw new Error(`${account} has no pending operator`);
    return op.id;
  };

  /** The node instances of one node of the instance (more than one when it was entered again). */
  const nodesOf = (id: string, nodeId: string) =>
    db()
      .selectFrom('flow_node_instance')
      .selectAll()
      .where('instance_id', '=', id)
      .where('node_id', '=', nodeId)
      .execute();

  /** The instance's node instances as `node:state`, in the order they were entered. */
  const nodeStates = async (id: string) =>
    (
      await db()
        .selectFrom('flow_node_instance')
        .select(['node_id', 'state'])
        .where('instance_id', '=', id)
        .orderBy('entered_at')
        .orderBy('id')
        .execute()
    ).map((n) => `${n.node_id}:${n.state}`);

  /** The jobs of one kind enqueued for the instance (their payload names it), soonest first. */
  const jobsOf = (id: string, kind: string) =>
    db()
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', kind)
      .where('payload', 'like', `%${id}%`)
      .orderBy('run_at')
      .execute();

  return {
    db,
    call,
    launch,
    createInterface,
    users,
    instance,
    operators,
    records,
    pendingOf,
    nodesOf,
    nodeStates,
    jobsOf,
  };
}
