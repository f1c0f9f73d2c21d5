import { FlowListCategory, FlowStatus, HandleStatus, type FlowListItem } from '@atrium/shared/workflow';
import {
  sql,
  type AliasableExpression,
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from 'kysely';
import { reuseWith } from '../../../db/reuse.ts';
import type { Db, Dialect } from '../../../db/index.ts';
import { countedPage, pageOf, type PageQuery } from '../../../core/paging.ts';
import { containsAny } from '../../../core/sql.ts';
import type { FlowListQuery, LaunchListQuery } from './schema.ts';

/**
 * The to-do, done, CC, launch and monitor lists (docs/workflow.md, "Lists"). Each selects the
 * caller's rows of its own table (operator, record, copy or instance) by that table's index and
 * orders them by its indexed time, newest first; the instance, template, version and initiator are
 * joined for the columns every list shows.
 */

/** What a handler did that puts the item in his done list; system and admin actions are left out. */
export const DONE_STATUSES: number[] = [
  HandleStatus.returned,
  HandleStatus.approved,
  HandleStatus.countersignAdded,
  HandleStatus.transferred,
];

/**
 * The instance with its template, version and initiator: what every list row shows. Left joins on
 * their primary keys: a flow whose initiator was deleted since stays in its approvers' lists, and a
 * count, which reads none of their columns, is planned and run without them (both databases drop
 * such joins), which is most of its cost on PostgreSQL.
 */
const instances = (db: Db) =>
  db
    .selectFrom('flow_instance as i')
    .leftJoin('flow_template as t', 't.id', 'i.template_id')
    .leftJoin('flow_template_version as v', 'v.id', 'i.version_id')
    .leftJoin('users as u', 'u.id', 'i.initiator_id');

const instanceColumns = [
  'i.id as task_id',
  'i.bill_no',
  'i.title',
  'i.version_id',
  'i.urgent',
  'i.status',
  'i.submitted_at',
  'i.initiator_id',
  'i.current_node_ids',
  'i.current_node_names',
  'i.completion',
  'i.finished_at',
  't.en_code as flow_code',
  't.full_name as flow_name',
  't.category as flow_category',
  'v.version_no',
  'u.real_name',
  'u.account',
] as const;

interface ListRow {
  item_id: string;
  item_time: number;
  node_name: string;
  note: string | null;
  delegate_id: string | null;
  task_id: string;
  bill_no: string;
  title: string;
  version_id: string;
  urgent: number;
  status: number;
  submitted_at: number | null;
  initiator_id: string;
  current_node_ids: string;
  current_node_names: string;
  completion: number;
  finished_at: number | null;
  // Never null in fact (a template is not deleted while instances use it), but left-joined.
  flow_code: string | null;
  flow_name: string | null;
  flow_category: string | null;
  version_no: number | null;
  real_name: string | null;
  account: string | null;
}

/** "name/account", as every list names a person. */
export const personName = (realName: string | null | undefined, account: string | null | undefined) =>
  account ? `${realName ?? ''}/${account}` : '';

async function itemsOf(db: Db, rows: ListRow[]): Promise<FlowListItem[]> {
  const delegates = [...new Set(rows.map((r) => r.delegate_id).filter((id): id is string => Boolean(id)))];
  const names = new Map(
    delegates.length
      ? (
          await db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', delegates).execute()
        ).map((u) => [u.id, personName(u.real_name, u.account)])
      : [],
  );
  return rows.map((r) => ({
    id: r.item_id,
    taskId: r.task_id,
    enCode: r.bill_no,
    fullName: r.title,
    flowId: r.version_id,
    flowCode: r.flow_code ?? '',
    flowName: r.flow_name ?? '',
    flowCategory: r.flow_category ?? '',
    flowVersion: `v${r.version_no ?? 0}`,
    flowUrgent: r.urgent,
    status: r.status,
    startTime: r.submitted_at,
    creatorTime: r.item_time,
    creatorUserId: r.initiator_id,
    userName: personName(r.real_name, r.account),
    thisStep: r.current_node_names,
    thisStepId: r.current_node_ids,
    nodeName: r.node_name,
    completion: r.completion,
    endTime: r.finished_at,
    delegateUser: r.delegate_id ? (names.get(r.delegate_id) ?? null) : null,
    description: r.note,
  }));
}

/** The filters shared by every list, over the instance and the list's own time column. */
function filtersOf<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  dialect: Dialect,
  query: FlowListQuery & Partial<Pick<LaunchListQuery, 'status' | 'creatorUserId'>>,
  timeColumn: string,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  const time = sql.ref(timeColumn);
  if (query.keyword) all.push(containsAny(eb, dialect, ['i.title', 'i.bill_no'], query.keyword));
  if (query.flowId)
    all.push(
      sql<SqlBool>`(${sql.ref('i.template_id')} = ${query.flowId} or ${sql.ref('i.version_id')} = ${query.flowId})`,
    );
  if (query.flowUrgent !== undefined) all.push(sql<SqlBool>`${sql.ref('i.urgent')} = ${query.flowUrgent}`);
  if (query.startTime !== undefined) all.push(sql<SqlBool>`${time} >= ${query.startTime}`);
  if (query.endTime !== undefined) all.push(sql<SqlBool>`${time} <= ${query.endTime}`);
  if (query.status !== undefined) all.push(sql<SqlBool>`${sql.ref('i.status')} = ${query.status}`);
  if (query.creatorUserId) all.push(sql<SqlBool>`${sql.ref('i.initiator_id')} = ${query.creatorUserId}`);
  return eb.and(all);
}

/** A list's two reads: the count of its matches and its rows, newest first (see countedPage). */
interface BuiltList {
  /** Also a scalar subquery: the menu counts read all four in one statement. */
  count: { executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }> } & AliasableExpression<unknown> &
    Compilable<{ total: number | string | bigint }>;
  rows: { limit(n: number): { offset(n: number): { execute(): Promise<ListRow[]> } & Compilable<ListRow> } };
}

/** The caller's pending to-dos on running flows (optionally only those that may be approved in a batch). */
function todoQuery(db: Db, dialect: Dialect, userId: string, query: FlowListQuery, batchOnly: boolean): BuiltList {
  let base = instances(db)
    .innerJoin('flow_operator as o', 'o.instance_id', 'i.id')
    .where('o.assignee_id', '=', userId)
    .where('o.state', '=', 'pending')
    .where('i.status', '=', FlowStatus.wait)
    .where((eb) => filtersOf(eb, dialect, query, 'o.received_at'));
  if (batchOnly) base = base.where('o.batchable', '=', 1);
  return {
    count: base.select((eb) => eb.fn.countAll<number>().as('total')),
    rows: base
      .select([
        ...instanceColumns,
        'o.id as item_id',
        'o.received_at as item_time',
        'o.node_name',
        sql<null>`null`.as('note'),
        // A to-do received by delegation names whom the caller stands in for.
        sql<
          string | null
        >`case when ${sql.ref('o.source')} = 'delegate' then ${sql.ref('o.original_assignee_id')} end`.as(
          'delegate_id',
        ),
      ])
      .orderBy('o.received_at', 'desc')
      .orderBy('o.id', 'desc'),
  };
}

/** What the caller handled himself, one row per record; recalled and hidden records are not. */
function doneQuery(db: Db, dialect: Dialect, userId: string, query: FlowListQuery): BuiltList {
  const base = instances(db)
    .innerJoin('flow_record as r', 'r.instance_id', 'i.id')
    .where('r.handler_id', '=', userId)
    .where('r.handle_status', 'in', DONE_STATUSES)
    .where('r.source', '=', 'user')
    .where('r.recalled', '=', 0)
    .where('r.visible', '=', 1)
    .where((eb) => filtersOf(eb, dialect, query, 'r.created_at'));
  return {
    count: base.select((eb) => eb.fn.countAll<number>().as('total')),
    rows: base
      .select([
        ...instanceColumns,
        'r.id as item_id',
        'r.created_at as item_time',
        'r.node_name',
        'r.opinion as note',
        sql<null>`null`.as('delegate_id'),
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc'),
  };
}

/** The copies sent to the caller. */
function circulateQuery(db: Db, dialect: Dialect, userId: string, query: FlowListQuery): BuiltList {
  const base = instances(db)
    .innerJoin('flow_circulate as c', 'c.instance_id', 'i.id')
    .where('c.user_id', '=', userId)
    .where((eb) => filtersOf(eb, dialect, query, 'c.created_at'));
  return {
    count: base.select((eb) => eb.fn.countAll<number>().as('total')),
    rows: base
      .select([
        ...instanceColumns,
        'c.id as item_id',
        'c.created_at as item_time',
        'c.node_name',
        sql<null>`null`.as('note'),
        sql<null>`null`.as('delegate_id'),
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc'),
  };
}

/**
 * Instances: those the caller initiated (drafts included; read through the initiator index), or with
 * `userId` null every instance but drafts, for the monitor.
 */
function instanceQuery(db: Db, dialect: Dialect, userId: string | null, query: LaunchListQuery): BuiltList {
  let base = instances(db).where((eb) => filtersOf(eb, dialect, query, 'i.created_at'));
  base = userId ? base.where('i.initiator_id', '=', userId) : base.where('i.status', '!=', FlowStatus.draft);
  return {
    count: base.select((eb) => eb.fn.countAll<number>().as('total')),
    rows: base
      .select([
        ...instanceColumns,
        'i.id as item_id',
        'i.created_at as item_time',
        'i.current_node_names as node_name',
        sql<null>`null`.as('note'),
        'i.delegated_by as delegate_id',
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc'),
  };
}

async function page(db: Db, query: PageQuery, built: BuiltList) {
  const { total, rows } = await countedPage(query, built.count, built.rows);
  return pageOf(await itemsOf(db, rows), query, total);
}

/** No filter at all: the list as it opens, which is most of its reads. */
const unfiltered = (query: FlowListQuery) =>
  !query.keyword &&
  query.flowId === undefined &&
  query.flowUrgent === undefined &&
  query.startTime === undefined &&
  query.endTime === undefined;

/**
 * An unfiltered page of a caller's list: its two statements are built once and then run with the
 * caller and the page (db/reuse.ts), which spares building and compiling them on every read.
 */
async function reusedPage(db: Db, name: string, query: PageQuery, userId: string, make: (userId: string) => BuiltList) {
  const at = { userId, limit: query.pageSize, offset: (query.currentPage - 1) * query.pageSize };
  const [[counted], rows] = await Promise.all([
    reuseWith(db, `${name}:count`, (v) => make(v.userId).count, { userId }),
    reuseWith(db, `${name}:rows`, (v) => make(v.userId).rows.limit(v.limit).offset(v.offset), at),
  ]);
  return pageOf(await itemsOf(db, rows), query, Number(counted?.total ?? 0));
}

/** `FlowBefore/List/{category}`: 1 to-do, 2 done, 3 CC, 4 batch-capable to-dos. */
export function categoryList(db: Db, dialect: Dialect, userId: string, category: number, query: FlowListQuery) {
  const make = (user: string): BuiltList => {
    switch (category) {
      case FlowListCategory.done:
        return doneQuery(db, dialect, user, query);
      case FlowListCategory.circulate:
        return circulateQuery(db, dialect, user, query);
      case FlowListCategory.batch:
        return todoQuery(db, dialect, user, query, true);
      default:
        return todoQuery(db, dialect, user, query, false);
    }
  };
  if (unfiltered(query)) return reusedPage(db, `flow-list-${category}`, query, userId, make);
  return page(db, query, make(userId));
}

/** `FlowLaunch`: the caller's instances; `FlowMonitor` (userId null): every instance. */
export function instanceList(db: Db, dialect: Dialect, userId: string | null, query: LaunchListQuery) {
  return page(db, query, instanceQuery(db, dialect, userId, query));
}

/**
 * The menu badges: to-do, running launches, done and copies of the caller, as four scalar
 * subqueries of one statement (one round trip and one plan rather than four).
 */
export async function viewCounts(db: Db, dialect: Dialect, userId: string) {
  const none: FlowListQuery = { keyword: '', currentPage: 1, pageSize: 1, sort: 'desc', sidx: '' };
  const counts = (user: string) => ({
    toBeReviewed: todoQuery(db, dialect, user, none, false),
    flowLaunch: instanceQuery(db, dialect, user, { ...none, status: FlowStatus.wait }),
    flowDone: doneQuery(db, dialect, user, none),
    flowCirculate: circulateQuery(db, dialect, user, none),
  });
  const [row] = (await reuseWith(
    db,
    'flow-view-counts',
    (v) => db.selectNoFrom(Object.entries(counts(v.userId)).map(([name, built]) => built.count.as(name))),
    { userId },
  )) as Record<keyof ReturnType<typeof counts>, number | string | bigint>[];
  return {
    toBeReviewed: Number(row!.toBeReviewed),
    flowLaunch: Number(row!.flowLaunch),
    flowDone: Number(row!.flowDone),
    flowCirculate: Number(row!.flowCirculate),
  };
}

/** The templates of the caller's batch-capable to-dos, with how many each has. */
export async function batchFlowSelector(db: Db, userId: string) {
  const rows = await db
    .selectFrom('flow_operator as o')
    .innerJoin('flow_instance as i', 'i.id', 'o.instance_id')
    .innerJoin('flow_template as t', 't.id', 'i.template_id')
    .where('o.assignee_id', '=', userId)
    .where('o.state', '=', 'pending')
    .where('o.batchable', '=', 1)
    .where('i.status', '=', FlowStatus.wait)
    .groupBy(['t.id', 't.en_code', 't.full_name', 't.sort_code'])
    .select((eb) => ['t.id', 't.en_code', 't.full_name', eb.fn.countAll<number>().as('n')])
    .orderBy('t.sort_code')
    .orderBy('t.full_name')
    .execute();
  return rows.map((r) => ({ id: r.id, enCode: r.en_code, fullName: r.full_name, count: Number(r.n) }));
}
