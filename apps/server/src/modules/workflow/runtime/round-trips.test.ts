import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConditionRule, FlowNode } from '@atrium/shared/workflow';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { initiatorNeeds } from './store.ts';
import {
  approverNode,
  branch,
  chain,
  conditionNode,
  publishTemplate,
  signIn,
  startNode,
  workflowTestKit,
} from './test-fixtures.ts';

/**
 * Every statement sent to either database while `recording` is set, caught at the drivers: begin
 * and commit count too, as the round trips they are on PostgreSQL. Kysely runs SQLite statements
 * through `all` (reads, and writes that return rows) and `run` (other writes).
 */
let recording: string[] | null = null;
const pgQuery = pg.Client.prototype.query;
const probe = new SQLite(':memory:');
const sqliteStatement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
  'all' | 'run',
  (...args: unknown[]) => unknown
>;
probe.close();
const sqliteCalls = { all: sqliteStatement.all, run: sqliteStatement.run };

function record(text: unknown) {
  if (recording && typeof text === 'string') recording.push(text.replace(/\s+/g, ' '));
}

beforeAll(() => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    record(typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text);
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  for (const method of ['all', 'run'] as const)
    sqliteStatement[method] = function (this: { source: string }, ...args: unknown[]) {
      record(this.source);
      return sqliteCalls[method].apply(this, args);
    };
});

afterAll(() => {
  pg.Client.prototype.query = pgQuery;
  Object.assign(sqliteStatement, sqliteCalls);
});

describe.each(dbTargets())('round trips of workflow commands on $name', (target) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    server = await createTestServer(target);
    ({ tokens, ids } = await signIn(server, ['staff', 'manager', 'finance']));
  });
  afterAll(() => server.close());

  const { db, call, launch, instance, operators, pendingOf } = workflowTestKit(() => ({ server, tokens, ids }));

  /**
   * The statements of one request, up to its operation log line, which is written after the
   * response (core/operation-log.ts): the request is over once that is sent.
   */
  async function statementsOf(request: () => Promise<{ code: number; msg: string }>): Promise<string[]> {
    const seen: string[] = [];
    recording = seen;
    try {
      const answer = await request();
      expect(answer.code, answer.msg).toBe(200);
      await vi.waitFor(() => expect(seen.some((s) => s.startsWith('insert into "sys_log"'))).toBe(true));
    } finally {
      recording = null;
    }
    return seen;
  }

  it('launches and approves the seeded expense claim in a known number of statements', async () => {
    const expense = await db()
      .selectFrom('flow_template')
      .select('id')
      .where('en_code', '=', 'expense')
      .executeTakeFirstOrThrow();
    const claim = {
      flowId: expense.id,
      status: 0,
      formData: { expenseType: 'travel', amount: 120, expenseDate: server.clock.now, description: 'taxi' },
    };
    // Two rounds first: the first requests of a server fill its caches (authority, statements).
    let launchStatements: string[] = [];
    let approveStatements: string[] = [];
    for (let round = 0; round < 3; round++) {
      let id = '';
      launchStatements = await statementsOf(async () => {
        const answer = await call('POST', '/FlowTask', 'staff', claim);
        id = answer.data?.id;
        return answer;
      });
      const op = await pendingOf(id, 'manager');
      approveStatements = await statementsOf(() =>
        call('POST', `/FlowBefore/Audit/${op}`, 'manager', { handleOpinion: 'ok' }),
      );
      expect((await instance(id)).status).toBe(2);
    }
    // Each statement is a round trip on PostgreSQL (docs/workflow.md, "Round trips per command"):
    // a rise here is one more per launch or approval. The figures cover the whole request: the
    // session and authority reads (which SQLite serves from memory), the command's transaction
    // and the operation log line.
    const figures = { sqlite: { launch: 12, approve: 19 }, postgres: { launch: 15, approve: 22 } }[target.name];
    expect(launchStatements, launchStatements.join('\n')).toHaveLength(figures.launch);
    expect(approveStatements, approveStatements.join('\n')).toHaveLength(figures.approve);
    // Nothing of the initiator is read that the expense tree does not ask for.
    for (const s of [...launchStatements, ...approveStatements])
      expect(s).not.toMatch(/from "(organize|user_relation)"/);
  });

  it('reads the four menu counts of the workflow in one statement, kept until a flow is written', async () => {
    const counted = async () => {
      const seen: string[] = [];
      recording = seen;
      try {
        const answer = await call('POST', '/api/workflow/form/dispatch/flowViewCount', 'manager');
        expect(answer.code).toBe(200);
        return {
          data: answer.data as Record<string, number>,
          reads: seen.filter((s) => /flow_(operator|instance|record|circulate)/.test(s)),
        };
      } finally {
        recording = null;
      }
    };
    const first = await counted();
    expect(Object.keys(first.data).sort()).toEqual(['flowCirculate', 'flowDone', 'flowLaunch', 'toBeReviewed']);
    expect(first.reads, first.reads.join('\n')).toHaveLength(1);
    // Asked again with nothing written, the counts come from memory where writes are seen (SQLite
    // here; PostgreSQL with Redis), and from the one statement where they are not.
    const again = await counted();
    expect(again.data).toEqual(first.data);
    expect(again.reads).toHaveLength(server.database.changes?.live ? 0 : 1);
    // A claim reaching the manager is counted at once.
    const expense = await db()
      .selectFrom('flow_template')
      .select('id')
      .where('en_code', '=', 'expense')
      .executeTakeFirstOrThrow();
    await launch(expense.id, { expenseType: 'travel', amount: 80, expenseDate: server.clock.now, description: 'bus' });
    const after = await counted();
    expect(after.reads).toHaveLength(1);
    expect(after.data.toBeReviewed).toBe(first.data.toBeReviewed + 1);
  });

  /** Publishes "when the rule holds: node yes, else node no" and answers the node a launch by staff reaches. */
  async function routeOf(rule: ConditionRule, formData: Record<string, unknown> = {}): Promise<string> {
    const handler = { assigneeType: 6 as const, members: { users: [ids.manager!] } };
    const tree = chain(
      startNode(),
      conditionNode('c', [
        branch('holds', 1, approverNode('yes', handler), { logic: 'and', groups: [{ logic: 'and', rules: [rule] }] }),
        branch('otherwise', 2, approverNode('no', handler), undefined, true),
      ]),
    );
    const { versionId } = await publishTemplate(db(), { code: `rt${++seq}`, tree });
    return (await instance(await launch(versionId, formData))).current_node_ids;
  }

  it("routes on the initiator's department, roles, positions and organisations, read as the tree asks", async () => {
    const rd = await server.idOfCode('organize', 'demo.rd');
    const finance = await server.idOfCode('organize', 'demo.finance');
    const path = (
      await db().selectFrom('organize').select('organize_id_tree').where('id', '=', rd).executeTakeFirstOrThrow()
    ).organize_id_tree.split(',');
    const top = path[0]!;
    expect(top).not.toBe(rd);
    const employee = await server.idOfCode('role', 'employee');
    const web = await server.idOfCode('position', 'engineer.web');
    const ceoPosition = await server.idOfCode('position', 'ceo');

    expect(await routeOf({ left: '@initiatorDept', op: '==', right: rd })).toBe('yes');
    expect(await routeOf({ left: '@initiatorDept', op: '==', right: finance })).toBe('no');
    expect(await routeOf({ left: '@initiatorRoles', op: 'in', right: [employee] })).toBe('yes');
    expect(await routeOf({ left: '@initiatorPositions', op: 'in', right: [ceoPosition] })).toBe('no');
    expect(await routeOf({ left: '@initiatorPositions', op: '==', right: web })).toBe('yes');
    // The initiator as the value reads as his department, inside the organisations above it.
    expect(await routeOf({ left: '@initiator', op: 'belongsTo', right: [finance, top] })).toBe('yes');
    expect(await routeOf({ left: '@initiator', op: 'belongsTo', right: `${finance}，${rd}` })).toBe('yes');
    expect(await routeOf({ left: '@initiator', op: 'belongsTo', right: finance })).toBe('no');
    // An organisation in a field: inside the company, not inside research.
    expect(await routeOf({ left: 'dept', op: 'belongsTo', right: top }, { dept: finance })).toBe('yes');
    expect(await routeOf({ left: 'dept', op: 'belongsTo', right: rd }, { dept: finance })).toBe('no');
    // The organisation tested against comes from a field: any may be asked.
    expect(
      await routeOf({ left: '@initiatorDept', op: 'belongsTo', right: 'target', rightIsField: true }, { target: top }),
    ).toBe('yes');
    expect(
      await routeOf(
        { left: 'dept', op: 'belongsTo', right: 'target', rightIsField: true },
        { dept: rd, target: finance },
      ),
    ).toBe('no');
  });

  it('hands a new task to the delegate of its handler only for a delegation that covers the template now', async () => {
    const { templateId, versionId } = await publishTemplate(db(), {
      code: `rt${++seq}`,
      tree: chain(startNode(), approverNode('boss', { assigneeType: 1 })),
    });
    const now = server.clock.now;
    const delegation = (id: string, values: { template_ids?: string; start_at?: number; end_at?: number }) => ({
      id: `rt-${id}-${now}`,
      user_id: ids.manager!,
      to_user_id: ids.finance!,
      kind: 0,
      template_ids: '',
      start_at: now - 60_000,
      end_at: now + 3_600_000,
      description: null,
      enabled: 1,
      version: 0,
      created_at: now,
      created_by: ids.manager!,
      updated_at: null,
      updated_by: null,
      ...values,
    });
    // Another template's, one not begun yet and one already ended: none of them hands it over.
    await db()
      .insertInto('flow_delegation')
      .values([
        delegation('other', { template_ids: 'another-template' }),
        delegation('later', { start_at: now + 60_000 }),
        delegation('ended', { start_at: now - 7_200_000, end_at: now - 60_000 }),
      ])
      .execute();
    const kept = await launch(versionId);
    expect((await operators(kept)).map((o) => [o.assignee_id, o.source])).toEqual([[ids.manager, 'rule']]);

    await db()
      .insertInto('flow_delegation')
      .values(delegation('this', { template_ids: `x,${templateId}` }))
      .execute();
    const handed = await launch(versionId);
    expect((await operators(handed)).map((o) => [o.assignee_id, o.original_assignee_id, o.source])).toEqual([
      [ids.finance, ids.manager, 'delegate'],
    ]);
  });
});

describe('what a tree asks of its initiator', () => {
  const rule = (r: ConditionRule): FlowNode =>
    chain(
      startNode(),
      conditionNode('c', [branch('b', 1, null, { logic: 'and', groups: [{ logic: 'and', rules: [r] }] })]),
    );

  it('is nothing for rules on the form and the urgency', () => {
    expect(initiatorNeeds(rule({ left: 'amount', op: '>', right: 5 }))).toEqual({
      dept: false,
      relations: false,
      orgs: [],
    });
    expect(initiatorNeeds(rule({ left: '@flowUrgent', op: '==', right: 2 })).dept).toBe(false);
  });

  it('names the department, the relations, and the organisations a rule tests against', () => {
    expect(initiatorNeeds(rule({ left: 'x', op: '==', right: '@initiatorDept', rightIsField: true })).dept).toBe(true);
    expect(initiatorNeeds(rule({ left: '@initiatorRoles', op: 'in', right: ['r'] })).relations).toBe(true);
    expect(initiatorNeeds(rule({ left: 'x', op: 'belongsTo', right: 'a， b,c' }))).toEqual({
      dept: true,
      relations: false,
      orgs: ['a', 'b', 'c'],
    });
    expect(initiatorNeeds(rule({ left: 'x', op: 'belongsTo', right: 'f', rightIsField: true })).orgs).toBe('any');
  });

  it('names the department for a node that calls a data interface (its flow variables carry it)', () => {
    const tree = chain(startNode(), approverNode('i', { assigneeType: 9, interfaceId: 'api' }));
    expect(initiatorNeeds(tree).dept).toBe(true);
  });
});
