import {
  billDatePart,
  formatBillNumber,
  type BillDateFormat,
  type BillRuleInfo,
  type BillRuleListItem,
  type BillRuleTemplate,
} from '@atrium/shared';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../../db/index.ts';
import type { BillRuleTable } from '../../../db/schema.ts';
import { inTransaction, type Tx } from '../../../db/tx.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../../core/paging.ts';
import { createdColumns, namedRecordFields, updatedColumns, type Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { codeGuard } from '../../../core/unique-code.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { badField, type Translate } from '../../organize/common.ts';
import type { BillRuleBody } from './schema.ts';

type BillRuleRow = Selectable<BillRuleTable>;

/**
 * Whether the rule has handed out a number: from then on its numbers exist on records (the counter
 * only returns to 1 at a new period, never to 0).
 */
export const hasIssued = (row: Pick<BillRuleRow, 'this_number'>) => row.this_number > 0;

const formatOf = (row: BillRuleRow) => ({
  prefix: row.prefix,
  dateFormat: row.date_format as BillDateFormat,
  digit: row.digit,
  startNumber: row.start_number,
});

/**
 * The number the rule issues next at `now`: the serial goes on within the period of the last issued
 * number and starts again in a new one.
 */
function nextNumber(row: BillRuleRow, now: number): string {
  const format = formatOf(row);
  const datePart = billDatePart(format.dateFormat, now);
  return formatBillNumber(format, datePart, hasIssued(row) && row.date_part === datePart ? row.this_number : 0);
}

/** The last number issued ('' before the first): the format is fixed once a number is issued. */
const lastNumber = (row: BillRuleRow) =>
  hasIssued(row) ? formatBillNumber(formatOf(row), row.date_part, row.this_number - 1) : '';

function listItem(row: BillRuleRow, now: number): BillRuleListItem {
  return {
    ...namedRecordFields(row),
    category: row.category,
    prefix: row.prefix,
    dateFormat: row.date_format as BillDateFormat,
    digit: row.digit,
    startNumber: row.start_number,
    example: nextNumber(row, now),
    thisNumber: row.this_number,
    outputNumber: lastNumber(row),
    creatorTime: row.created_at,
    lastModifyTime: row.updated_at,
  };
}

/** Sort fields the list accepts (sidx), by their wire names. */
const SORTABLE = {
  fullName: 'full_name',
  enCode: 'en_code',
  sortCode: 'sort_code',
  creatorTime: 'created_at',
} as const;

function filtered(db: Db, dialect: Dialect, query: { keyword: string; categoryId: string }, enabledOnly = false) {
  let base = db.selectFrom('bill_rule');
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['full_name', 'en_code'], query.keyword));
  if (query.categoryId) base = base.where('category', '=', query.categoryId);
  if (enabledOnly) base = base.where('enabled', '=', 1);
  return base;
}

/** GET /api/system/BillRule: one page by keyword and category, in display order unless sidx says otherwise. */
export async function listBillRules(db: Db, dialect: Dialect, query: PageQuery & { categoryId: string }, now: number) {
  const base = filtered(db, dialect, query);
  let rows = base.selectAll();
  const column = SORTABLE[query.sidx as keyof typeof SORTABLE];
  if (column) rows = rows.orderBy(column, query.sort);
  else rows = rows.orderBy('sort_code').orderBy('created_at', query.sort);
  const page = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    rows.orderBy('id'),
  );
  return pageOf(
    page.rows.map((r) => listItem(r, now)),
    query,
    page.total,
  );
}

/** GET /api/system/BillRule/Selector: the enabled rules of the business number template dialog. */
export async function billRuleTemplates(db: Db, dialect: Dialect, query: PageQuery & { categoryId: string }) {
  const base = filtered(db, dialect, query, true);
  const page = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .select(['id', 'full_name', 'en_code', 'start_number', 'category'])
      .orderBy('sort_code')
      .orderBy('created_at', query.sort)
      .orderBy('id'),
  );
  const list: BillRuleTemplate[] = page.rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    startNumber: r.start_number,
    category: r.category,
  }));
  return pageOf(list, query, page.total);
}

async function loadRule(db: Db, id: string): Promise<BillRuleRow> {
  const row = await db.selectFrom('bill_rule').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Reads the rule for a change, holding its row lock (PostgreSQL; SQLite has one writer at a time)
 * so that no number is issued between the "has it issued?" check and the write.
 */
async function lockRule(trx: Tx, id: string): Promise<BillRuleRow> {
  await trx
    .updateTable('bill_rule')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .execute();
  return loadRule(trx, id);
}

export async function billRuleInfo(db: Db, id: string, now: number): Promise<BillRuleInfo> {
  const row = await loadRule(db, id);
  return { ...listItem(row, now), version: row.version };
}

/** The columns a bill rule form writes. */
const columns = (body: BillRuleBody) => ({
  full_name: body.fullName,
  en_code: body.enCode,
  category: body.category,
  prefix: body.prefix,
  date_format: body.dateFormat,
  digit: body.digit,
  start_number: body.startNumber,
  description: body.description || null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
});

async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  let q = db.selectFrom('bill_rule').select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

export async function createBillRule(db: Db, body: BillRuleBody, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    await assertCodeFree(trx, body.enCode);
    const id = newId(actor.now);
    // The unique index stays the final word when two admins create the same code at once.
    await codeGuard(body.enCode, () =>
      trx
        .insertInto('bill_rule')
        .values({ id, ...columns(body), this_number: 0, date_part: '', ...createdColumns(actor) })
        .execute(),
    );
    return id;
  });
}

/**
 * What makes up the numbers, by wire name. Once a rule has issued numbers these stay as they are:
 * a shorter serial, a lower start or another date format could repeat a number already on a record,
 * and forms find the rule by its code.
 */
const NUMBER_SHAPE = [
  ['enCode', 'en_code'],
  ['prefix', 'prefix'],
  ['dateFormat', 'date_format'],
  ['digit', 'digit'],
  ['startNumber', 'start_number'],
] as const;

export async function updateBillRule(
  db: Db,
  t: Translate,
  id: string,
  body: BillRuleBody & { version: number },
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await lockRule(trx, id);
    if (hasIssued(current)) {
      const changed = NUMBER_SHAPE.find(([field, column]) => body[field] !== current[column]);
      if (changed) throw badField(t, changed[0], 'billRuleIssuedFormat');
    }
    await assertCodeFree(trx, body.enCode, id);
    await codeGuard(body.enCode, () =>
      updateVersioned(trx, 'bill_rule', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
  });
}

/** Deletes a rule that has issued nothing: recreating its code would hand out its numbers again. */
export async function removeBillRule(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (hasIssued(await lockRule(trx, id))) throw fail('billRuleIssuedDelete');
    await trx.deleteFrom('bill_rule').where('id', '=', id).execute();
  });
}

/** Flips the rule's state (a disabled rule issues no numbers) and answers the new one. */
export async function toggleBillRule(db: Db, id: string, actor: Actor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const current = await lockRule(trx, id);
    const enabled = current.enabled === 1 ? 0 : 1;
    await trx
      .updateTable('bill_rule')
      .set((eb) => ({ enabled, ...updatedColumns(actor), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    return enabled;
  });
}

/** The rule's definition as a portable document (no counter: a copy starts its own numbering). */
export async function exportBillRule(db: Db, id: string) {
  const r = await loadRule(db, id);
  return {
    fullName: r.full_name,
    enCode: r.en_code,
    category: r.category,
    prefix: r.prefix,
    dateFormat: r.date_format,
    digit: r.digit,
    startNumber: r.start_number,
    enabledMark: r.enabled,
    sortCode: r.sort_code,
    description: r.description ?? '',
  };
}
