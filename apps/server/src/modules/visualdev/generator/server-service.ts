import { commentText, lines, lit, member, prop } from './emit.ts';
import type { GenField, GenPlan, GenTable } from './plan.ts';
import { schemaNames, sentFields } from './server-schema.ts';

/**
 * apps/server/src/modules/<area>/<name>/service.ts: Kysely queries on the tables the model's
 * release made (`vd_<code>` and `vd_<code>__<sub-table>`, columns `f_<field>`, see storage.ts),
 * with the runtime's rules: server-filled fields, bill numbers in the same transaction, unique
 * fields, the optimistic lock, sub-table rows rewritten on save, logical delete when the form asks.
 */

/** Names of the service's exports, shared with the routes template. */
export const serviceNames = (plan: GenPlan) => {
  const plural = plan.className.endsWith('s') ? plan.className : `${plan.className}s`;
  return {
    list: `list${plural}`,
    info: `${plan.camel}Info`,
    create: `create${plan.className}`,
    update: `update${plan.className}`,
    remove: `remove${plan.className}`,
    writer: `${plan.className}Writer`,
  };
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const rowType = (plan: GenPlan, t: GenTable) => `${plan.className}${t.stem}Row`;
const tableConst = (t: GenTable) => (t.vModel ? `${lowerFirst(t.stem)}Table` : 'TABLE');
const rowsParam = (t: GenTable) => `${lowerFirst(t.stem)}Rows`;

const isNumeric = (f: GenField) => f.storage === 'number' || f.storage === 'decimal' || f.storage === 'timestamp';
const columnType = (f: GenField) => (isNumeric(f) ? 'number | null' : 'string | null');

/** Whether the list needs the dialect (keyword search, or exact search on a JSON column). */
export const listNeedsDialect = (plan: GenPlan) =>
  plan.searches.some((s) => s.type === 2 || (s.type === 1 && s.field.storage === 'json'));

/** The conversions a template used, so that only those helpers are written. */
interface Used {
  text: boolean;
  json: boolean;
  parsed: boolean;
}

/** The column value of a sent value (`src` is the expression holding it). */
function toColumn(f: GenField, src: string, used: Used): string {
  if (f.storage === 'json') {
    used.json = true;
    return `json(${src})`;
  }
  if (isNumeric(f)) return f.required ? src : `${src} ?? null`;
  used.text = true;
  return `text(${src})`;
}

/** The record value of a column (`src` is the row, `typeOf` the record type the value belongs to). */
function fromColumn(f: GenField, src: string, typeOf: string, used: Used): string {
  if (f.storage === 'json') {
    used.parsed = true;
    return `parsed<${typeOf}[${lit(f.key)}]>(${src}.${f.column})`;
  }
  return `${src}.${f.column}`;
}

export function serverService(plan: GenPlan): string {
  const s = schemaNames(plan);
  const n = serviceNames(plan);
  const used: Used = { text: false, json: false, parsed: false };
  const tables = [plan.main, ...plan.subs];
  const dialect = listNeedsDialect(plan);
  const uniques = plan.main.fields.filter((f) => f.unique && !f.filled);
  const bills = plan.main.fields.filter((f) => f.filled === 'create' && f.jnpfKey === 'billRule');
  const named = plan.listed.filter((l) => l.field.named).map((l) => l.field);
  const recordType = s.recordType;

  // ---- types of the tables
  const rowInterfaces = tables.map((t) =>
    lines(
      `/** ${t.vModel ? `A row of the sub-table ${commentText(t.label)} (${t.vModel})` : `A record of ${commentText(plan.fullName)}`}. */`,
      `type ${rowType(plan, t)} = {`,
      '  id: string;',
      t.vModel ? '  parent_id: string;\n  sort_code: number;' : null,
      '  created_by: string | null;',
      '  created_at: number;',
      '  updated_by: string | null;',
      '  updated_at: number | null;',
      t.vModel ? null : '  version: number;\n  flow_task_id: string | null;\n  deleted_at: number | null;',
      ...t.fields.map(
        (f) => `  ${f.column}: ${columnType(f)}; // ${commentText(f.label)}${f.companion ? ' (id)' : ''}`,
      ),
      '};',
    ),
  );

  // ---- values <-> columns
  const columnsOf = tables.map((t) => {
    const source = t.vModel ? `${s.valuesType}[${lit(t.vModel)}][number]` : s.valuesType;
    const fn = t.vModel ? `${lowerFirst(t.stem)}ColumnsOf` : 'columnsOf';
    return {
      fn,
      text: lines(
        `/** The columns a save writes${t.vModel ? ` for a row of ${commentText(t.label)}` : ''}, from the values sent. */`,
        `const ${fn} = (values: ${source}) => ({`,
        ...sentFields(t).map((f) => `  ${f.column}: ${toColumn(f, `values${member(f.key)}`, used)},`),
        '});',
      ),
    };
  });
  const recordOf = (() => {
    const subTypes = plan.subs.map((t) => `${recordType}[${lit(t.vModel!)}][number]`);
    const subFns = plan.subs.map((t, i) =>
      lines(
        `const ${lowerFirst(t.stem)}RecordOf = (row: ${rowType(plan, t)}): ${subTypes[i]} => ({`,
        ...t.fields.map((f) => `  ${prop(f.key)}: ${fromColumn(f, 'row', subTypes[i]!, used)},`),
        '});',
      ),
    );
    const params = [
      `row: ${rowType(plan, plan.main)}`,
      ...plan.subs.map((t) => `${rowsParam(t)}: ${rowType(plan, t)}[]`),
    ];
    return lines(
      ...subFns.flatMap((f) => [f, '']),
      "/** A record's values as the form holds them, from its row and its sub-table rows. */",
      `const recordOf = (${params.join(', ')}): ${recordType} => ({`,
      ...plan.main.fields.map((f) => `  ${prop(f.key)}: ${fromColumn(f, 'row', recordType, used)},`),
      ...plan.subs.map((t) => `  ${prop(t.vModel!)}: ${rowsParam(t)}.map(${lowerFirst(t.stem)}RecordOf),`),
      '});',
    );
  })();
  const listedOf = lines(
    "/** The list's columns of a record. */",
    `const listedOf = (${plan.listed.length ? 'row' : '_row'}: ${rowType(plan, plan.main)}) => ({`,
    ...plan.listed.map((l) => `  ${prop(l.field.key)}: ${fromColumn(l.field, 'row', recordType, used)},`),
    '});',
  );

  // ---- list
  const filters: string[] = [];
  const keyword = plan.searches.filter((x) => x.type === 2).map((x) => lit(x.field.column));
  if (keyword.length)
    filters.push(
      `if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, [${keyword.join(', ')}], query.keyword));`,
    );
  for (const x of plan.searches) {
    const col = lit(x.field.column);
    if (x.type === 1 && x.param) {
      const q = `query${member(x.param)}`;
      if (x.field.storage === 'json')
        // A JSON column holds a list: a value matches the records whose list holds it.
        filters.push(`if (${q}) base = base.where((eb) => containsAny(eb, dialect, [${col}], JSON.stringify(${q})));`);
      else if (isNumeric(x.field)) filters.push(`if (${q} !== undefined) base = base.where(${col}, '=', ${q});`);
      else filters.push(`if (${q}) base = base.where(${col}, '=', ${q});`);
    }
    if (x.type === 3 && x.from && x.to) {
      filters.push(
        `if (query${member(x.from)} !== undefined) base = base.where(${col}, '>=', query${member(x.from)});`,
      );
      filters.push(`if (query${member(x.to)} !== undefined) base = base.where(${col}, '<=', query${member(x.to)});`);
    }
  }
  const defaultOrder = plan.defaultSort
    ? `.orderBy(${lit(plan.defaultSort.column)}, ${lit(plan.sortOrder)})`
    : ".orderBy('created_at', 'desc')";
  const sortable = plan.sortable.map((f) => `  ${prop(f.key)}: ${lit(f.column)},`);
  const list = lines(
    sortable.length
      ? lines(
          '/** Sort fields the list accepts (sidx), by field name. */',
          'const SORTABLE = {',
          ...sortable,
          '} as const;',
          '',
        )
      : null,
    `/** GET: one page of records by the list's search fields, in the list's sort unless sidx says otherwise. */`,
    `export async function ${n.list}(`,
    '  db: Db,',
    dialect ? '  dialect: Dialect,' : null,
    `  query: ${s.listQueryType},`,
    '  scope: Expression<SqlBool> | null,',
    ') {',
    "  let base = tables(db).selectFrom(TABLE).where('deleted_at', 'is', null);",
    '  if (scope) base = base.where(scope);',
    ...filters.map((f) => `  ${f}`),
    sortable.length
      ? lines(
          '  const column = Object.hasOwn(SORTABLE, query.sidx) ? SORTABLE[query.sidx as keyof typeof SORTABLE] : undefined;',
          `  const rows = column ? base.selectAll().orderBy(column, query.sort) : base.selectAll()${defaultOrder};`,
        )
      : `  const rows = base.selectAll()${defaultOrder};`,
    '  const page = await countedPage(',
    '    query,',
    "    base.select((eb) => eb.fn.countAll<number>().as('total')),",
    "    rows.orderBy('id'),",
    '  );',
    named.length
      ? lines(
          '  const ids = new Set<string>();',
          '  for (const row of page.rows) {',
          ...named.map((f) => `    collectIds(${fromColumn(f, 'row', recordType, used)}, ids);`),
          '  }',
          '  const names = await namesOf(db, ids);',
        )
      : null,
    '  return {',
    '    ...pageOf(',
    '      page.rows.map((row) => ({ id: row.id, data: listedOf(row) })),',
    '      query,',
    '      page.total,',
    '    ),',
    named.length ? '    names,' : '    names: {},',
    '  };',
    '}',
  );

  const namesHelpers = named.length
    ? lines(
        '/** The ids a value holds: one id, a list, or paths of ids (`id--type` ids count by their id). */',
        'function collectIds(value: unknown, into: Set<string>) {',
        "  if (typeof value === 'string' && value) into.add(value.split('--')[0]!);",
        "  else if (typeof value === 'number') into.add(String(value));",
        '  else if (Array.isArray(value)) for (const v of value) collectIds(v, into);',
        '}',
        '',
        '/** The names of ids a list shows: users, organisations, positions, roles, groups, dictionary items, areas. */',
        'async function namesOf(db: Db, ids: Set<string>): Promise<Record<string, string>> {',
        '  const names: Record<string, string> = {};',
        '  const list = [...ids].slice(0, 5000);',
        '  if (!list.length) return names;',
        '  const [users, ...others] = await Promise.all([',
        "    db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', list).execute(),",
        "    db.selectFrom('organize').select(['id', 'full_name']).where('id', 'in', list).execute(),",
        "    db.selectFrom('position').select(['id', 'full_name']).where('id', 'in', list).execute(),",
        "    db.selectFrom('role').select(['id', 'full_name']).where('id', 'in', list).execute(),",
        "    db.selectFrom('user_group').select(['id', 'full_name']).where('id', 'in', list).execute(),",
        "    db.selectFrom('dictionary_data').select(['id', 'full_name']).where('id', 'in', list).execute(),",
        "    db.selectFrom('area').select(['id', 'full_name']).where('id', 'in', list).execute(),",
        '  ]);',
        '  for (const rows of others) for (const r of rows) names[r.id] = r.full_name;',
        '  for (const u of users) names[u.id] = `${u.real_name}/${u.account}`;',
        '  return names;',
        '}',
      )
    : null;

  // ---- one record
  const readSubs = plan.subs.map(
    (t) =>
      `  const ${rowsParam(t)} = await tables(db).selectFrom(${tableConst(t)}).selectAll().where('parent_id', '=', id).orderBy('sort_code').execute();`,
  );
  const info = lines(
    '/** The record with its sub-table rows; 404 when it does not exist (or was deleted). */',
    'async function loadRow(db: Db, id: string) {',
    "  const row = await tables(db).selectFrom(TABLE).selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();",
    '  if (!row) throw notFound();',
    '  return row;',
    '}',
    '',
    '/** GET /:id: the values to edit, with the version a save sends back. */',
    `export async function ${n.info}(db: Db, id: string) {`,
    '  const row = await loadRow(db, id);',
    ...readSubs,
    `  return { id: row.id, version: row.version, data: recordOf(${['row', ...plan.subs.map(rowsParam)].join(', ')}) };`,
    '}',
  );

  // ---- writing
  const writerFields = lines(
    '/** Who saves, when, and from where (the organisation and position the server fills in). */',
    `export interface ${n.writer} {`,
    '  userId: string;',
    '  now: number;',
    '  organizeId: string | null;',
    '  positionId: string | null;',
    '}',
  );
  const filledOnCreate = plan.main.fields
    .filter((f) => f.filled === 'create')
    .map((f) => {
      const value =
        f.jnpfKey === 'createUser'
          ? 'writer.userId'
          : f.jnpfKey === 'createTime'
            ? 'writer.now'
            : f.jnpfKey === 'currPosition'
              ? 'writer.positionId'
              : f.jnpfKey === 'billRule'
                ? `await issueBillNumber(trx, ${lit(f.billRule ?? '')}, writer.now)`
                : 'writer.organizeId';
      return `      ${f.column}: ${value}, // ${commentText(f.label)}`;
    });
  const filledOnUpdate = plan.main.fields
    .filter((f) => f.filled === 'update')
    .map(
      (f) =>
        `      ${f.column}: ${f.jnpfKey === 'modifyUser' ? 'writer.userId' : 'writer.now'}, // ${commentText(f.label)}`,
    );
  const uniqueCheck = uniques.length
    ? lines(
        '/** Fields that must be unique among the records: 400 naming the field and the value taken. */',
        `async function assertUnique(db: Db, columns: ReturnType<typeof columnsOf>, selfId: string | null) {`,
        ...uniques.map((f) =>
          lines(
            `  if (columns.${f.column} !== null) {`,
            `    let clash = tables(db).selectFrom(TABLE).select('id').where(${lit(f.column)}, '=', columns.${f.column}).where('deleted_at', 'is', null);`,
            "    if (selfId !== null) clash = clash.where('id', '<>', selfId);",
            `    if (await clash.executeTakeFirst()) throw fail(${lit(`${plan.camel}Unique`)}, { label: ${lit(f.label)}, value: String(columns.${f.column}) });`,
            '  }',
          ),
        ),
        '}',
      )
    : null;
  const writeRows = plan.subs.length
    ? lines(
        '/** Rewrites the sub-table rows of a record, in the order sent. */',
        `async function writeRows(db: Db, id: string, values: ${s.valuesType}, writer: ${n.writer}) {`,
        ...plan.subs.map((t, i) =>
          lines(
            `  await tables(db).deleteFrom(${tableConst(t)}).where('parent_id', '=', id).execute();`,
            `  if (values${member(t.vModel!)}.length)`,
            `    await tables(db)`,
            `      .insertInto(${tableConst(t)})`,
            '      .values(',
            `        values${member(t.vModel!)}.map((row, index) => ({`,
            '          id: newId(writer.now),',
            '          parent_id: id,',
            '          sort_code: index,',
            '          created_by: writer.userId,',
            '          created_at: writer.now,',
            `          ...${columnsOf[i + 1]!.fn}(row),`,
            '        })),',
            '      )',
            '      .execute();',
          ),
        ),
        '}',
      )
    : null;
  const create = lines(
    `/** POST: adds a record with its sub-table rows, the fields the server fills filled; answers its id. */`,
    `export async function ${n.create}(db: Db, values: ${s.valuesType}, writer: ${n.writer}): Promise<string> {`,
    '  return inTransaction(db, async (trx) => {',
    '    const columns = columnsOf(values);',
    uniques.length ? '    await assertUnique(trx, columns, null);' : null,
    '    const id = newId(writer.now);',
    '    await tables(trx)',
    '      .insertInto(TABLE)',
    '      .values({',
    '        id,',
    '        created_by: writer.userId,',
    '        created_at: writer.now,',
    '        version: 0,',
    '        ...columns,',
    ...filledOnCreate.map((l) => `  ${l}`),
    '      })',
    '      .execute();',
    plan.subs.length ? '    await writeRows(trx, id, values, writer);' : null,
    '    return id;',
    '  });',
    '}',
  );
  const update = lines(
    '/**',
    ' * PUT /:id: saves a record under the optimistic lock. The update applies only while the stored',
    ' * version is the one the editor loaded; a stale save answers 409 with the current version and',
    ' * changes nothing. What the server filled at creation stays as it was.',
    ' */',
    `export async function ${n.update}(db: Db, id: string, body: { data: ${s.valuesType}; version: number }, writer: ${n.writer}) {`,
    '  await inTransaction(db, async (trx) => {',
    '    const columns = columnsOf(body.data);',
    uniques.length ? '    await assertUnique(trx, columns, id);' : null,
    '    const result = await tables(trx)',
    '      .updateTable(TABLE)',
    '      .set({',
    '        ...columns,',
    ...filledOnUpdate.map((l) => `  ${l}`),
    '        updated_by: writer.userId,',
    '        updated_at: writer.now,',
    '        version: body.version + 1,',
    '      })',
    "      .where('id', '=', id)",
    "      .where('version', '=', body.version)",
    "      .where('deleted_at', 'is', null)",
    '      .executeTakeFirst();',
    '    if (Number(result.numUpdatedRows) !== 1) {',
    '      const current = await loadRow(trx, id);',
    "      throw new AppError(ResultCode.conflict, 'versionConflict', undefined, { version: current.version });",
    '    }',
    plan.subs.length ? '    await writeRows(trx, id, body.data, writer);' : null,
    '  });',
    '}',
  );
  const remove = plan.logicalDelete
    ? lines(
        '/** DELETE /:id: the form keeps deleted records, marked with the time of their deletion. */',
        `export async function ${n.remove}(db: Db, id: string, now: number) {`,
        '  await inTransaction(db, async (trx) => {',
        '    await loadRow(trx, id);',
        "    await tables(trx).updateTable(TABLE).set({ deleted_at: now }).where('id', '=', id).execute();",
        '  });',
        '}',
      )
    : lines(
        '/** DELETE /:id: the record and its sub-table rows. */',
        `export async function ${n.remove}(db: Db, id: string) {`,
        '  await inTransaction(db, async (trx) => {',
        '    await loadRow(trx, id);',
        '    // Sub-tables first: both databases would cascade, but only where foreign keys are enforced.',
        ...plan.subs.map(
          (t) => `    await tables(trx).deleteFrom(${tableConst(t)}).where('parent_id', '=', id).execute();`,
        ),
        "    await tables(trx).deleteFrom(TABLE).where('id', '=', id).execute();",
        '  });',
        '}',
      );

  // Everything above is built: the helpers it used and the imports it needs are known now.
  const helpers = lines(
    used.text
      ? lines(
          '/** A text column: empty stays empty (null); an id sent as a number is kept as its text. */',
          'const text = (value: string | number | null | undefined) =>',
          "  value === undefined || value === null || value === '' ? null : String(value);",
          '',
        )
      : null,
    used.json
      ? lines(
          '/** A JSON column: lists, paths and files as JSON text. */',
          'const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));',
          '',
        )
      : null,
    used.parsed
      ? lines(
          '/** A JSON column read back; text that is not JSON reads as empty. */',
          'function parsed<T>(raw: string | null): T | null {',
          '  if (raw === null) return null;',
          '  try {',
          '    return JSON.parse(raw) as T;',
          '  } catch {',
          '    return null;',
          '  }',
          '}',
          '',
        )
      : null,
  );
  const tableMap = tables.map((t) => `  ${prop(t.table)}: ${rowType(plan, t)};`);
  const errorsImport = ['AppError', ...(uniques.length ? ['fail'] : []), 'notFound'];

  return lines(
    "import { ResultCode } from '@atrium/shared';",
    "import type { Expression, SqlBool } from 'kysely';",
    dialect
      ? "import type { Db, Dialect } from '../../../db/index.ts';"
      : "import type { Db } from '../../../db/index.ts';",
    "import { inTransaction } from '../../../db/tx.ts';",
    `import { ${errorsImport.join(', ')} } from '../../../core/errors.ts';`,
    "import { newId } from '../../../core/ids.ts';",
    "import { countedPage, pageOf } from '../../../core/paging.ts';",
    dialect ? "import { containsAny } from '../../../core/sql.ts';" : null,
    bills.length ? "import { issueBillNumber } from '../../system/bill-rule/bill-number-service.ts';" : null,
    `import type { ${[s.listQueryType, s.recordType, s.valuesType].join(', ')} } from './schema.ts';`,
    '',
    '/*',
    ` * The records of ${commentText(plan.fullName)} (model ${commentText(plan.enCode)}), in the tables its release made:`,
    ' * the module reads and writes the same rows as the online form, so the model must stay released',
    ' * (a release adds the columns of new fields; nothing here creates or alters a table).',
    ' */',
    '',
    `/** The main table${plan.subs.length ? ' and the sub-tables' : ''}. */`,
    `export const TABLE = ${lit(plan.main.table)};`,
    ...plan.subs.map((t) => `const ${tableConst(t)} = ${lit(t.table)}; // ${commentText(t.label)}`),
    '',
    ...rowInterfaces.flatMap((r) => [r, '']),
    '// Type aliases, not interfaces: withTables wants types with an index signature, which aliases have.',
    'type Tables = {',
    ...tableMap,
    '};',
    '',
    "/** The database with the model's tables, which the app's schema does not declare (release makes them). */",
    'const tables = (db: Db) => db.withTables<Tables>();',
    '',
    helpers,
    ...columnsOf.flatMap((c) => [c.text, '']),
    recordOf,
    '',
    listedOf,
    '',
    namesHelpers ? `${namesHelpers}\n` : null,
    list,
    '',
    info,
    '',
    writerFields,
    '',
    uniqueCheck ? `${uniqueCheck}\n` : null,
    writeRows ? `${writeRows}\n` : null,
    create,
    '',
    update,
    '',
    remove,
    '',
  );
}
