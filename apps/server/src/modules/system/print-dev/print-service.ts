import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../../db/index.ts';
import type { PrintTemplateTable } from '../../../db/schema.ts';
import { inTransaction, type Tx } from '../../../db/tx.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../../core/paging.ts';
import { createdColumns, namedRecordFields, updatedColumns, type Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { codeGuard } from '../../../core/unique-code.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { DEFAULT_PAGE_PARAM, pageParam, type PageParam, type PrintBody } from './schema.ts';
import { sanitizePrintTemplate } from './sanitize.ts';
import { checkedStatements } from './template-sql.ts';

type PrintRow = Selectable<PrintTemplateTable>;

/** Stored page settings; a row written before a setting existed gets its default. */
export function storedPageParam(text: string): PageParam {
  try {
    const parsed = pageParam.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_PAGE_PARAM;
  } catch {
    return DEFAULT_PAGE_PARAM;
  }
}

/** The dictionary whose item codes are the templates' categories. */
export const CATEGORY_DICTIONARY = 'printCategory';

/** Category code -> name, from the printCategory dictionary (a code without an item shows as itself). */
async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('dictionary_data')
    .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
    .select(['dictionary_data.en_code', 'dictionary_data.full_name'])
    .where('dictionary_type.en_code', '=', CATEGORY_DICTIONARY)
    .execute();
  return new Map(rows.map((r) => [r.en_code, r.full_name]));
}

function listItem(r: PrintRow & { creator_name?: string | null }, names?: Map<string, string>) {
  return {
    ...namedRecordFields(r),
    category: r.category,
    categoryName: names?.get(r.category) ?? r.category,
    type: r.type,
    creatorTime: r.created_at,
    creatorUser: r.creator_name ?? '',
    lastModifyTime: r.updated_at,
  };
}

/** The whole template as the designer edits it. */
function detail(r: PrintRow) {
  return {
    ...listItem(r),
    sqlTemplate: r.sql_template,
    printTemplate: r.print_template,
    pageParam: storedPageParam(r.page_param),
    version: r.version,
  };
}

const SORTABLE = {
  fullName: 'print_template.full_name',
  enCode: 'print_template.en_code',
  sortCode: 'print_template.sort_code',
  creatorTime: 'print_template.created_at',
} as const;

/** GET /api/system/printDev: one page by keyword (name or code), category and type. */
export async function listPrintTemplates(
  db: Db,
  dialect: Dialect,
  query: PageQuery & { category: string; type?: number },
) {
  let base = db.selectFrom('print_template');
  if (query.keyword)
    base = base.where((eb) =>
      containsAny(eb, dialect, ['print_template.full_name', 'print_template.en_code'], query.keyword),
    );
  if (query.category) base = base.where('print_template.category', '=', query.category);
  if (query.type) base = base.where('print_template.type', '=', query.type);
  let rows = base
    .leftJoin('users', 'users.id', 'print_template.created_by')
    .selectAll('print_template')
    .select('users.real_name as creator_name');
  const column = SORTABLE[query.sidx as keyof typeof SORTABLE];
  rows = column
    ? rows.orderBy(column, query.sort)
    : rows.orderBy('print_template.sort_code').orderBy('print_template.created_at', query.sort);
  const page = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    rows.orderBy('print_template.id'),
  );
  const names = await categoryNames(db);
  return pageOf(
    page.rows.map((r) => listItem(r, names)),
    query,
    page.total,
  );
}

export async function loadPrintTemplate(db: Db, id: string): Promise<PrintRow> {
  const row = await db.selectFrom('print_template').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function printTemplateInfo(db: Db, id: string) {
  return detail(await loadPrintTemplate(db, id));
}

/** What a save writes besides the audit columns. */
type PrintColumns = Omit<PrintRow, 'id' | 'version' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by'>;

/** The columns a save writes. The SQL is checked and the HTML sanitised before anything is stored. */
function columns(body: PrintBody): PrintColumns {
  if (body.sqlTemplate) checkedStatements(body.sqlTemplate);
  return {
    full_name: body.fullName,
    en_code: body.enCode,
    category: body.category,
    type: body.type,
    sql_template: body.sqlTemplate,
    print_template: sanitizePrintTemplate(body.printTemplate),
    page_param: JSON.stringify(body.pageParam),
    description: body.description || null,
    enabled: body.enabledMark,
    sort_code: body.sortCode,
  };
}

async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  let q = db.selectFrom('print_template').select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

async function insert(trx: Tx, values: PrintColumns, actor: Actor): Promise<string> {
  const id = newId(actor.now);
  // The unique index stays the final word when two admins create the same code at once.
  await codeGuard(values.en_code, () =>
    trx
      .insertInto('print_template')
      .values({ id, ...values, ...createdColumns(actor) })
      .execute(),
  );
  return id;
}

export async function createPrintTemplate(db: Db, body: PrintBody, actor: Actor): Promise<string> {
  const values = columns(body);
  return inTransaction(db, async (trx) => {
    await assertCodeFree(trx, body.enCode);
    return insert(trx, values, actor);
  });
}

export async function updatePrintTemplate(
  db: Db,
  id: string,
  body: PrintBody & { version: number },
  actor: Actor,
): Promise<void> {
  const values = columns(body);
  await inTransaction(db, async (trx) => {
    await loadPrintTemplate(trx, id);
    await assertCodeFree(trx, body.enCode, id);
    await codeGuard(body.enCode, () =>
      updateVersioned(trx, 'print_template', id, body.version, { ...values, ...updatedColumns(actor) }),
    );
  });
}

export async function removePrintTemplate(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('print_template').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
}

/**
 * POST /{id}/Actions/Copy: a disabled duplicate named '<name>.副本<time>' with a code suffixed the
 * same way, so copying twice never clashes; the admin renames and enables it when it is ready.
 */
export async function copyPrintTemplate(db: Db, id: string, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    const r = await loadPrintTemplate(trx, id);
    const suffix = String(actor.now).slice(-5);
    const code = `${r.en_code.slice(0, 40)}_copy${suffix}`;
    await assertCodeFree(trx, code);
    return insert(
      trx,
      {
        full_name: `${r.full_name.slice(0, 85)}.副本${suffix}`,
        en_code: code,
        category: r.category,
        type: r.type,
        sql_template: r.sql_template,
        print_template: r.print_template,
        page_param: r.page_param,
        description: r.description,
        enabled: 0,
        sort_code: r.sort_code,
      },
      actor,
    );
  });
}

/** GET /{id}/Actions/Export: the template as a portable JSON document (the body POST accepts). */
export async function exportPrintTemplate(db: Db, id: string) {
  const r = await loadPrintTemplate(db, id);
  const document = {
    fullName: r.full_name,
    enCode: r.en_code,
    category: r.category,
    type: r.type,
    sqlTemplate: r.sql_template,
    printTemplate: r.print_template,
    pageParam: storedPageParam(r.page_param),
    enabledMark: r.enabled,
    sortCode: r.sort_code,
    description: r.description ?? '',
  };
  return { fileName: `${r.full_name}.json`, content: JSON.stringify(document, null, 2) };
}

/**
 * GET /Selector: enabled templates grouped by category, for the form designer's print-template pick
 * and a form's print button. Category nodes carry the category code as id and its dictionary name.
 */
export async function printSelector(db: Db, type?: number) {
  let q = db
    .selectFrom('print_template')
    .select(['id', 'full_name', 'en_code', 'category', 'type'])
    .where('enabled', '=', 1);
  if (type) q = q.where('type', '=', type);
  const [rows, names] = await Promise.all([
    q.orderBy('category').orderBy('sort_code').orderBy('created_at').orderBy('id').execute(),
    categoryNames(db),
  ]);
  const groups = new Map<string, { id: string; fullName: string; enCode: string; type: number; parentId: string }[]>();
  for (const r of rows) {
    const group = groups.get(r.category) ?? [];
    group.push({ id: r.id, fullName: r.full_name, enCode: r.en_code, type: r.type, parentId: r.category });
    groups.set(r.category, group);
  }
  return {
    list: [...groups].map(([category, children]) => ({
      id: category,
      fullName: names.get(category) ?? category,
      enCode: category,
      parentId: '-1',
      isCategory: true,
      hasChildren: true,
      children: children.map((c) => ({ ...c, hasChildren: false })),
    })),
  };
}
