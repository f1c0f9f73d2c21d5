import { FlowStatus } from '@atrium/shared/workflow';
import type { ExpressionBuilder } from 'kysely';
import type { Database, FlowInstanceTable } from '../../../db/schema.ts';
import type { Db, Dialect } from '../../../db/index.ts';
import { lockRow, type Tx } from '../../../db/tx.ts';
import { badField, fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../../core/paging.ts';
import { createdColumns, updatedColumns, type Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { runCommand } from '../../../core/unit-of-work.ts';
import { PURCHASE_FIELDS as F, PURCHASE_LINE_FIELDS as L, PURCHASE_TEMPLATE_CODE } from './design.ts';
import type { GoodsItem, OutboundBody, OutboundItem, PurchaseItem, PurchaseListQuery } from './schema.ts';

/**
 * The purchase demo's warehouse (docs/workflow.md, "Purchase demo"): the purchases launched with the
 * template `purchase`, receiving an approved one into stock, and handing goods out. Receiving and
 * handing out are one unit of work each; the stock only moves through them.
 */

/** The menu whose holders see every purchase, receive goods and register outbounds. */
export const PURCHASE_HANDLE_MENU = 'workFlow.purchaseHandle';

type FormValues = Record<string, unknown>;

function parseForm(text: string): FormValues {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormValues) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));
const numberOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};
const linesOf = (form: FormValues): FormValues[] =>
  Array.isArray(form[F.items])
    ? (form[F.items] as unknown[]).filter((r): r is FormValues => !!r && typeof r === 'object')
    : [];

/** The total of a purchase: its calculated amount, or the sum of its lines when that is missing. */
export function purchaseAmount(form: FormValues): number {
  const total = numberOf(form[F.amount]);
  if (total !== null) return total;
  const sum = linesOf(form).reduce(
    (acc, line) =>
      acc + (numberOf(line[L.amount]) ?? (numberOf(line[L.quantity]) ?? 0) * (numberOf(line[L.price]) ?? 0)),
    0,
  );
  return Math.round(sum * 100) / 100;
}

export interface GoodsLine {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
}

/**
 * The goods a purchase brings in: its lines merged by name and specification (stock is kept per
 * goods, and each goods is received once per purchase). A line without a name is skipped; a named
 * line whose quantity is not a positive whole number refuses the whole receipt.
 */
export function goodsLines(form: FormValues): GoodsLine[] {
  const merged = new Map<string, GoodsLine>();
  for (const [index, line] of linesOf(form).entries()) {
    const name = text(line[L.goodsName]);
    if (!name) continue;
    const quantity = numberOf(line[L.quantity]);
    if (quantity === null || !Number.isInteger(quantity) || quantity <= 0)
      throw fail('purchaseLineInvalid', { line: index + 1 });
    const spec = text(line[L.spec]);
    const key = JSON.stringify([name, spec]);
    const known = merged.get(key);
    if (known) known.quantity += quantity;
    else merged.set(key, { name, spec, unit: text(line[L.unit]), quantity });
  }
  return [...merged.values()];
}

const userLabel = (name: string | null, account: string | null) => (name ? `${name}/${account ?? ''}` : '');

/** The purchases base query: instances of the template `purchase` that were submitted. */
function purchases(db: Db | Tx) {
  return db
    .selectFrom('flow_instance as i')
    .innerJoin('flow_template as t', 't.id', 'i.template_id')
    .where('t.en_code', '=', PURCHASE_TEMPLATE_CODE)
    .where('i.status', '<>', FlowStatus.draft);
}

/**
 * One page of purchases, newest first: every purchase for `all` (holders of the warehouse menu or
 * the monitor), else only those the caller applied for (or launched for someone).
 */
export async function listPurchases(
  db: Db,
  dialect: Dialect,
  query: PurchaseListQuery,
  viewer: { userId: string; all: boolean },
) {
  let base = purchases(db).leftJoin('users as u', 'u.id', 'i.initiator_id');
  if (!viewer.all)
    base = base.where((eb) =>
      eb.or([eb('i.initiator_id', '=', viewer.userId), eb('i.delegated_by', '=', viewer.userId)]),
    );
  if (query.keyword)
    base = base.where((eb) =>
      containsAny(eb, dialect, ['i.title', 'i.bill_no', 'u.real_name', 'u.account'], query.keyword),
    );
  if (query.status) base = base.where('i.status', '=', Number(query.status));
  if (query.receivable === '1')
    base = base
      .where((eb) =>
        eb.or([
          eb('i.status', '=', FlowStatus.adopt),
          eb.and([eb('i.status', '=', FlowStatus.wait), eb.exists(activeHandleNode(eb))]),
        ]),
      )
      .where((eb) => eb.not(eb.exists(inMoves(eb))));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .select([
        'i.id',
        'i.version_id',
        'i.bill_no',
        'i.title',
        'i.status',
        'i.form_data',
        'i.current_node_names',
        'i.submitted_at',
        'i.created_at',
        'u.real_name',
        'u.account',
      ])
      .select((eb) => [
        eb.exists(activeHandleNode(eb)).as('at_handle'),
        eb
          .selectFrom('purchase_stock_move as m')
          .select((m) => m.fn.min('m.created_at').as('received_at'))
          .whereRef('m.instance_id', '=', 'i.id')
          .where('m.direction', '=', 'in')
          .as('received_at'),
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc'),
  );
  const list: PurchaseItem[] = rows.map((r) => {
    const form = parseForm(r.form_data);
    const receivedTime = r.received_at == null ? null : Number(r.received_at);
    const atHandle = Boolean(Number(r.at_handle));
    return {
      id: r.id,
      flowId: r.version_id,
      billNo: r.bill_no,
      title: text(form[F.title]) || r.title,
      applicant: userLabel(r.real_name, r.account),
      supplier: text(form[F.supplier]),
      amount: purchaseAmount(form),
      status: r.status,
      thisStep: r.status === FlowStatus.wait ? r.current_node_names : '',
      creatorTime: Number(r.submitted_at ?? r.created_at),
      received: receivedTime !== null,
      receivedTime,
      receivable:
        receivedTime === null && (r.status === FlowStatus.adopt || (r.status === FlowStatus.wait && atHandle)),
    };
  });
  return pageOf(list, query, total);
}

/** An expression builder of a query over the purchases (`flow_instance as i`). */
type PurchaseEb = ExpressionBuilder<Database & { i: FlowInstanceTable }, 'i'>;

/** The instance waits at a handle node (入库办理): the warehouse may receive before approving it. */
const activeHandleNode = (eb: PurchaseEb) =>
  eb
    .selectFrom('flow_node_instance as n')
    .select('n.id')
    .whereRef('n.instance_id', '=', 'i.id')
    .where('n.node_type', '=', 'handle')
    .where('n.state', '=', 'active');

const inMoves = (eb: PurchaseEb) =>
  eb
    .selectFrom('purchase_stock_move as m')
    .select('m.id')
    .whereRef('m.instance_id', '=', 'i.id')
    .where('m.direction', '=', 'in');

/**
 * Receives every goods line of one purchase in one unit of work: goods rows are made for names
 * and specifications not yet stocked, the stock grows, and one in-move per goods names the
 * purchase. The instance row's lock makes a second or concurrent receipt wait and then find the
 * moves of the first (answered 400, nothing added); the unique index of the moves backs that up.
 */
export async function receivePurchase(db: Db, instanceId: string, actor: Actor): Promise<number> {
  return runCommand(db, async ({ trx }) => {
    if (!(await lockRow(trx, 'flow_instance', instanceId))) throw notFound();
    const instance = await purchases(trx)
      .select(['i.id', 'i.status', 'i.form_data', 'i.bill_no', 'i.title'])
      .select((eb) => eb.exists(activeHandleNode(eb)).as('at_handle'))
      .select((eb) => eb.exists(inMoves(eb)).as('received'))
      .where('i.id', '=', instanceId)
      .executeTakeFirst();
    if (!instance) throw notFound();
    if (Number(instance.received)) throw fail('purchaseAlreadyReceived');
    const atHandle = instance.status === FlowStatus.wait && Number(instance.at_handle) > 0;
    if (instance.status !== FlowStatus.adopt && !atHandle) throw fail('purchaseNotReceivable');
    const lines = goodsLines(parseForm(instance.form_data));
    if (lines.length === 0) throw fail('purchaseNoLines');
    const reason = instance.bill_no ? `${instance.bill_no} ${instance.title}` : instance.title;
    for (const [i, line] of lines.entries()) {
      await trx
        .insertInto('purchase_goods')
        .values({
          id: newId(actor.now),
          name: line.name,
          spec: line.spec,
          unit: line.unit,
          stock: 0,
          enabled: 1,
          sort_code: 0,
          ...createdColumns(actor),
        })
        .onConflict((oc) => oc.columns(['name', 'spec']).doNothing())
        .execute();
      const goods = await trx
        .updateTable('purchase_goods')
        .set((eb) => ({
          stock: eb('stock', '+', line.quantity),
          version: eb('version', '+', 1),
          ...updatedColumns(actor),
        }))
        .where('name', '=', line.name)
        .where('spec', '=', line.spec)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('purchase_stock_move')
        .values({
          id: newId(actor.now + i),
          goods_id: goods.id,
          direction: 'in',
          quantity: line.quantity,
          instance_id: instanceId,
          receiver: '',
          reason,
          created_at: actor.now,
          created_by: actor.userId,
        })
        .execute();
    }
    return lines.length;
  });
}

/** One page of goods with their stock, by name and specification. */
export async function listGoods(db: Db, dialect: Dialect, query: PageQuery) {
  let base = db.selectFrom('purchase_goods');
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['name', 'spec'], query.keyword));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base.select(['id', 'name', 'spec', 'unit', 'stock', 'updated_at', 'created_at']).orderBy('name').orderBy('spec'),
  );
  const list: GoodsItem[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    spec: r.spec,
    unit: r.unit,
    stock: Number(r.stock),
    lastModifyTime: r.updated_at == null ? Number(r.created_at) : Number(r.updated_at),
  }));
  return pageOf(list, query, total);
}

/** One page of outbound records, newest first. */
export async function listOutbound(db: Db, dialect: Dialect, query: PageQuery) {
  let base = db
    .selectFrom('purchase_stock_move as m')
    .innerJoin('purchase_goods as g', 'g.id', 'm.goods_id')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .where('m.direction', '=', 'out');
  if (query.keyword)
    base = base.where((eb) => containsAny(eb, dialect, ['g.name', 'g.spec', 'm.receiver', 'm.reason'], query.keyword));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .select([
        'm.id',
        'm.goods_id',
        'g.name',
        'g.spec',
        'g.unit',
        'm.quantity',
        'm.receiver',
        'm.reason',
        'm.created_at',
        'u.real_name',
        'u.account',
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc'),
  );
  const list: OutboundItem[] = rows.map((r) => ({
    id: r.id,
    goodsId: r.goods_id,
    goodsName: r.name,
    spec: r.spec,
    unit: r.unit,
    quantity: Number(r.quantity),
    receiver: r.receiver,
    reason: r.reason,
    creatorTime: Number(r.created_at),
    creatorUser: userLabel(r.real_name, r.account),
  }));
  return pageOf(list, query, total);
}

/**
 * Hands goods out: the stock falls only where it covers the quantity (one conditional update, so
 * two outbounds at once that together exceed the stock cannot both pass), and the out-move is
 * written in the same unit. Answers the move's id and the stock left.
 */
export async function registerOutbound(db: Db, body: OutboundBody, actor: Actor) {
  return runCommand(db, async ({ trx }) => {
    const taken = await trx
      .updateTable('purchase_goods')
      .set((eb) => ({
        stock: eb('stock', '-', body.quantity),
        version: eb('version', '+', 1),
        ...updatedColumns(actor),
      }))
      .where('id', '=', body.goodsId)
      .where('stock', '>=', body.quantity)
      .returning('stock')
      .executeTakeFirst();
    if (!taken) {
      const goods = await trx
        .selectFrom('purchase_goods')
        .select(['name', 'spec', 'stock'])
        .where('id', '=', body.goodsId)
        .executeTakeFirst();
      if (!goods) throw badField('goodsId', 'fieldValue');
      throw fail('purchaseStockShort', {
        goods: goods.spec ? `${goods.name}（${goods.spec}）` : goods.name,
        stock: Number(goods.stock),
        quantity: body.quantity,
      });
    }
    const id = newId(actor.now);
    await trx
      .insertInto('purchase_stock_move')
      .values({
        id,
        goods_id: body.goodsId,
        direction: 'out',
        quantity: body.quantity,
        instance_id: null,
        receiver: body.receiver,
        reason: body.reason,
        created_at: actor.now,
        created_by: actor.userId,
      })
      .execute();
    return { id, stock: Number(taken.stock) };
  });
}
