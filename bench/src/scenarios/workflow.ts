import { randomBytes } from 'node:crypto';
import type { Db } from '@atrium/server/db';
import { signIn } from '../atrium-client.ts';
import type { BenchGroup, BenchRequest, Scenario, ServerKind } from '../scenario.ts';
import { p95Below, p99Below, rpsAtLeast } from '../targets.ts';

const ENGINE = '/prod/api/workflow/Engine';
const START = 'Workflow start (expense claim, 16 clients)';
const APPROVE = 'Workflow approve (16 clients)';
/** The approval's latency targets hold at half of its throughput target. */
const approveAtHalf = (rate: number) => `Workflow approve at half load (${rate}/s, 16 clients)`;
const SQLITE_APPROVE_MIN = 300;
const PG_APPROVE_MIN = 150;
const TODO = 'Workflow to-do list (20 of 1 000 000 operator rows)';
const COUNTS = 'Workflow menu counts (1 000 000 operator rows)';
const onPg = (name: string) => `${name} on PostgreSQL`;
/** To-dos waiting for the approve scenario: more than 16 clients get through in its warm-up and run. */
const APPROVE_POOL = 6000;
const LARGE_INSTANCES = 100_000;
const OPERATORS_PER_INSTANCE = 10;
const BATCH = 500;

type Envelope<T> = { code: number; msg: string; data: T };

async function api<T>(origin: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(origin + path, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The seeded expense claim under 5 000: the manager's approval ends it (after its copy to HR). */
async function expenseLaunch(origin: string) {
  const staff = await signIn(origin, 'staff');
  const templates = await api<{ list: { enCode: string; flowId: string }[] }>(
    origin,
    'GET',
    `${ENGINE}/flowTemplate/PageListAll?currentPage=1&pageSize=999`,
    staff,
  );
  const flowId = templates.list.find((t) => t.enCode === 'expense')!.flowId;
  const body = {
    flowId,
    status: 0,
    formData: { expenseType: 'travel', amount: 120, expenseDate: Date.now(), description: 'bench' },
  };
  return { staff, body };
}

/** Launches `count` claims, 16 at a time. */
async function launchMany(origin: string, count: number) {
  const { staff, body } = await expenseLaunch(origin);
  let left = count;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (left-- > 0) await api(origin, 'POST', `${ENGINE}/FlowTask`, staff, body);
    }),
  );
}

/** Every to-do of the caller, by pages of the to-do list. */
async function todoIds(origin: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<{ list: { id: string }[] }>(
      origin,
      'GET',
      `${ENGINE}/FlowBefore/List/1?currentPage=${page}&pageSize=500`,
      token,
    );
    ids.push(...answer.list.map((row) => row.id));
    if (answer.list.length < 500) return ids;
  }
}

/** Approving claims from the manager's to-dos (topped up first), as fast as it goes or at `rate`. */
function approveScenario(server: ServerKind, scenarioName: string, rate?: number): Scenario {
  return {
    name: scenarioName,
    server,
    connections: 16,
    ...(rate ? { rate } : {}),
    envelope: true,
    async prepare(origin): Promise<BenchRequest> {
      const manager = await signIn(origin, 'manager');
      const waiting = (await todoIds(origin, manager)).length;
      if (waiting < APPROVE_POOL) await launchMany(origin, APPROVE_POOL - waiting);
      const pool = await todoIds(origin, manager);
      const path = (id: string) => `${ENGINE}/FlowBefore/Audit/${id}`;
      return {
        method: 'POST',
        path: path(pool.shift()!),
        headers: { authorization: manager, 'content-type': 'application/json' },
        body: JSON.stringify({ handleOpinion: '同意' }),
        nextPath: () => path(pool.shift() ?? 'pool-empty'),
      };
    },
  };
}

function scenarios(server: ServerKind, name: (s: string) => string, approveMin: number): Scenario[] {
  return [
    {
      name: name(START),
      server,
      connections: 16,
      envelope: true,
      async prepare(origin): Promise<BenchRequest> {
        const { staff, body } = await expenseLaunch(origin);
        return {
          method: 'POST',
          path: `${ENGINE}/FlowTask`,
          headers: { authorization: staff, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
      },
    },
    approveScenario(server, name(APPROVE)),
    approveScenario(server, name(approveAtHalf(approveMin / 2)), approveMin / 2),
  ];
}

function largeScenarios(server: ServerKind, name: (s: string) => string): Scenario[] {
  return [
    {
      name: name(TODO),
      server,
      connections: 10,
      envelope: true,
      async prepare(origin) {
        return {
          method: 'GET',
          path: `${ENGINE}/FlowBefore/List/1?currentPage=1&pageSize=20`,
          headers: { authorization: await signIn(origin, 'manager') },
        };
      },
    },
    {
      name: name(COUNTS),
      server,
      connections: 10,
      envelope: true,
      async prepare(origin) {
        return {
          method: 'POST',
          path: '/prod/api/workflow/form/dispatch/flowViewCount',
          headers: { authorization: await signIn(origin, 'manager'), 'content-type': 'application/json' },
          body: '{}',
        };
      },
    },
  ];
}

/**
 * The large data set's flows: 100 000 expense claims by the 10 000 staff with ten operator rows
 * each (1 000 000), most handled, a few pending for each person; the manager has 200 pending.
 */
export async function seedWorkflowBench(db: Db): Promise<void> {
  const template = await db
    .selectFrom('flow_template')
    .select(['id', 'current_version_id'])
    .where('en_code', '=', 'expense')
    .executeTakeFirstOrThrow();
  const users = (await db.selectFrom('users').select('id').execute()).map((u) => u.id);
  const manager = (await db.selectFrom('users').select('id').where('account', '=', 'manager').executeTakeFirstOrThrow())
    .id;
  const tag = randomBytes(3).toString('hex');
  const now = Date.now();
  for (let start = 0; start < LARGE_INSTANCES; start += BATCH) {
    const instances = [];
    const operators = [];
    for (let i = start; i < Math.min(LARGE_INSTANCES, start + BATCH); i += 1) {
      const id = `bench${tag}${i.toString(36).padStart(6, '0')}`;
      const at = now - (LARGE_INSTANCES - i) * 1000;
      const pendingFor = i < 200 ? manager : users[i % users.length]!;
      instances.push({
        id,
        template_id: template.id,
        version_id: template.current_version_id!,
        bill_no: `BX${i}`,
        title: `费用报销 ${i}`,
        urgent: 1 + (i % 3),
        status: 1,
        initiator_id: users[(i * 7) % users.length]!,
        submitted_at: at,
        form_data: '{"amount":120}',
        current_node_ids: 'manager',
        current_node_names: '部门经理审批',
        completion: 50,
        choices: '{}',
        is_async: 0,
        version: 0,
        created_at: at,
        updated_at: at,
      });
      for (let k = 0; k < OPERATORS_PER_INSTANCE; k += 1) {
        const pending = k === OPERATORS_PER_INSTANCE - 1;
        operators.push({
          id: `${id}o${k}`,
          instance_id: id,
          node_instance_id: `${id}n${k}`,
          node_id: 'manager',
          node_name: '部门经理审批',
          assignee_id: pending ? pendingFor : users[(i + k * 131) % users.length]!,
          source: 'rule',
          state: pending ? ('pending' as const) : ('done' as const),
          handle_status: pending ? null : 1,
          handled_at: pending ? null : at + k,
          received_at: at + k,
          sequence_index: 0,
          remind_count: 0,
          overdue_count: 0,
          batchable: 0,
          version: 0,
        });
      }
    }
    await db.insertInto('flow_instance').values(instances).execute();
    for (let o = 0; o < operators.length; o += BATCH) {
      await db
        .insertInto('flow_operator')
        .values(operators.slice(o, o + BATCH))
        .execute();
    }
  }
}

const targetsOf = (name: (s: string) => string, approveMin: number) => [
  rpsAtLeast(name(START), 100),
  p95Below(name(START), 80),
  rpsAtLeast(name(APPROVE), approveMin),
  p95Below(name(approveAtHalf(approveMin / 2)), 50),
  p99Below(name(approveAtHalf(approveMin / 2)), 150),
];

/**
 * Workflow over HTTP: launching a claim and approving one (both full commands: lock, routing,
 * handler resolution, records, copies, messages) by 16 clients at once, on SQLite and, with
 * BENCH_DATABASE_URL, PostgreSQL; and on the large data set, the to-do list and the menu counts
 * among 1 000 000 operator rows.
 */
export function workflowGroup(): BenchGroup {
  const sqlite = (s: string) => s;
  const hasPg = Boolean(process.env.BENCH_DATABASE_URL);
  return {
    scenarios: [
      ...scenarios('atrium', sqlite, SQLITE_APPROVE_MIN),
      ...largeScenarios('atrium-large', sqlite),
      ...(hasPg ? [...scenarios('atrium-pg', onPg, PG_APPROVE_MIN), ...largeScenarios('atrium-large-pg', onPg)] : []),
    ],
    targets: [
      ...targetsOf(sqlite, SQLITE_APPROVE_MIN),
      p95Below(TODO, 30),
      p95Below(COUNTS, 10),
      ...(hasPg ? [...targetsOf(onPg, PG_APPROVE_MIN), p95Below(onPg(TODO), 30), p95Below(onPg(COUNTS), 10)] : []),
    ],
  };
}
