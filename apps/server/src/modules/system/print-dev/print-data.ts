import type { Db } from '../../../db/index.ts';
import type { AdminSqlReader } from '../../../core/admin-sql/index.ts';
import { fail, notFound } from '../../../core/errors.ts';
import type { RecordAccess } from '../../../core/record-access.ts';
import type { Authority } from '../../../core/authority.ts';
import { loadPrintTemplate, storedPageParam } from './print-service.ts';
import { runTemplateSql, type TemplateRows } from './template-sql.ts';

/** The designer's field tree: the main record's fields, then each child table's (T1, T2...). */
export interface FieldNode {
  id: string;
  fullName: string;
  /** headTable, T1, T2... */
  table: string;
  /** The column name; empty on table nodes. */
  field: string;
  hasChildren: boolean;
  children?: FieldNode[];
}

export const childTableName = (index: number) => `T${index + 1}`;

function tableNode(table: string, columns: string[]): FieldNode {
  return {
    id: table,
    fullName: table,
    table,
    field: '',
    hasChildren: columns.length > 0,
    children: columns.map((field) => ({
      id: table === 'headTable' ? field : `${table}.${field}`,
      fullName: field,
      table,
      field,
      hasChildren: false,
    })),
  };
}

const columnsOf = (rows: TemplateRows) => Object.keys(rows[0] ?? {});

/**
 * POST /Fields: runs each statement with @formId bound to '' and answers the columns it yields,
 * whatever data exists (template-sql.ts reads them from a row of nulls).
 */
export async function templateFields(reader: AdminSqlReader, sqlTemplate: string) {
  const result = await runTemplateSql(reader, sqlTemplate, '', 'columns');
  return {
    list: [
      tableNode('headTable', columnsOf(result.headTable)),
      ...result.children.map((rows, i) => tableNode(childTableName(i), columnsOf(rows))),
    ],
  };
}

/** Values as JSON carries them: times as epoch ms, big integers as numbers, binary dropped. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = value.getTime();
    else if (typeof value === 'bigint') out[key] = Number(value);
    else if (value instanceof Uint8Array) out[key] = null;
    else out[key] = value;
  }
  return out;
}

/**
 * GET /Data: the record's print data as the template's own SQL reads it for this formId (bound,
 * never spliced), the template HTML, and the approval records when the id names a flow instance.
 * A record-bound read: the caller must be one who may see the record (core/record-access.ts), or
 * one who designs print templates, whose own SQL could read it anyway. Anyone else gets 404.
 */
export async function printData(
  ctx: { db: Db; reader: AdminSqlReader; records: RecordAccess },
  caller: { authority: Authority; designer: boolean },
  id: string,
  formId: string,
) {
  const { db, reader } = ctx;
  const template = await loadPrintTemplate(db, id);
  if (template.enabled !== 1) throw fail('printTemplateDisabled');
  if (!caller.designer && !(await ctx.records.maySee(caller.authority, formId))) throw notFound();
  const data: Record<string, unknown> = {};
  if (template.sql_template.trim()) {
    const result = await runTemplateSql(reader, template.sql_template, formId, 'rows');
    Object.assign(data, plain(result.headTable[0] ?? {}));
    result.children.forEach((rows, i) => (data[childTableName(i)] = rows.map(plain)));
  }
  return {
    printData: data,
    printTemplate: template.print_template,
    operatorRecordList: await ctx.records.approvalRecords(formId),
    fullName: template.full_name,
    pageParam: storedPageParam(template.page_param),
  };
}
