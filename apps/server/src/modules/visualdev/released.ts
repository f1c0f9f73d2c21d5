import { sql } from 'kysely';
import type { ColumnData, FormJson } from '@atrium/shared/forms';
import type { SchemeFieldKind } from '@atrium/shared';
import type { Db } from '../../db/index.ts';
import { createRowMemo, type TableChanges } from '../../db/table-changes.ts';
import { notFound } from '../../core/errors.ts';
import { readRevisionValues } from '../../core/revisions.ts';
import { registerSchemeFields, type SchemeFieldMap } from '../authorize/data-scheme.ts';
import { tablePlans, searchedColumns, type StoredField, type TablePlan } from './storage.ts';

/** What the runtime reads of a released model. */
export interface ReleasedModel {
  id: string;
  fullName: string;
  enCode: string;
  webType: number;
  menuId: string | null;
  /** The enCode of its menu entry: whose grants, schemes and buttons apply. */
  menuCode: string;
  form: FormJson;
  columns: ColumnData;
  texts: { formData: string; columnData: string; appData: string };
  main: TablePlan;
  subs: TablePlan[];
  /** Main-table fields by key. */
  fieldsByKey: Map<string, StoredField>;
  /** Columns with a keyword index (fuzzy search). */
  searched: Set<string>;
}

/** Main tables probed by one statement; SQLite allows 500 terms in a compound select. */
const PROBES_PER_STATEMENT = 200;

const USER_KINDS = new Set(['userSelect', 'usersSelect', 'createUser', 'modifyUser']);
const ORGANIZE_KINDS = new Set(['comSelect', 'depSelect', 'currOrganize', 'currDept']);

/** The fields of a released list that data schemes may filter on, as columns of its main table. */
function schemeFields(model: Omit<ReleasedModel, 'menuCode'>): SchemeFieldMap {
  const table = model.main.table;
  const fields: SchemeFieldMap = {
    id: { column: `${table}.id`, kind: 'text' },
    creatorUserId: { column: `${table}.created_by`, kind: 'user' },
  };
  const kinds = new Map(
    (model.form.fields ? flatKinds(model.form) : []).map(([key, jnpfKey]) => [key, jnpfKey] as const),
  );
  for (const f of model.main.fields) {
    const jnpfKey = kinds.get(f.key) ?? '';
    const kind: SchemeFieldKind = USER_KINDS.has(jnpfKey)
      ? 'user'
      : ORGANIZE_KINDS.has(jnpfKey)
        ? 'organize'
        : f.storage === 'number' || f.storage === 'decimal' || f.storage === 'timestamp'
          ? 'number'
          : 'text';
    fields[f.key] = { column: `${table}.${f.column}`, kind };
  }
  return fields;
}

function flatKinds(form: FormJson): [string, string][] {
  const out: [string, string][] = [];
  const walk = (fields: FormJson['fields']) => {
    for (const f of fields ?? []) {
      if (f.__vModel__) out.push([f.__vModel__, String(f.__config__?.jnpfKey)]);
      if (Array.isArray(f.__config__?.children) && f.__config__.jnpfKey !== 'table') walk(f.__config__.children);
    }
  };
  walk(form.fields);
  return out;
}

/**
 * Released models by id, read once and kept while the model's `form:<id>` revision and the menus'
 * revision (its menu entry's code may change) stay where they were: a release moves only its own.
 * Those two revisions come from memory while no write touched the revision table (`changes`, as
 * the authority's do), so a warm request for a released model reads nothing before its records.
 */
export function createReleasedModels(db: Db, changes: TableChanges | null = null) {
  const kept = new Map<string, { form: number; menus: number; model: ReleasedModel }>();
  const revisionRows = createRowMemo<Map<string, number>>(changes, {
    name: 'visualdev.revisions',
    tables: ['revision'],
    maxEntries: 2000,
  });

  async function load(id: string): Promise<ReleasedModel> {
    const revisions = (await revisionRows.get(id, () => readRevisionValues(db, [`form:${id}`, 'menus'])))!;
    const form = revisions.get(`form:${id}`)!;
    const menus = revisions.get('menus')!;
    const hit = kept.get(id);
    if (hit && hit.form === form && hit.menus === menus) return hit.model;
    const row = await db
      .selectFrom('visualdev_model')
      .leftJoin('menu', 'menu.id', 'visualdev_model.menu_id')
      .select([
        'visualdev_model.id',
        'visualdev_model.full_name',
        'visualdev_model.en_code',
        'visualdev_model.web_type',
        'visualdev_model.released_form_data',
        'visualdev_model.released_column_data',
        'visualdev_model.released_app_data',
        'visualdev_model.table_name',
        'visualdev_model.menu_id',
        'menu.en_code as menu_code',
      ])
      .where('visualdev_model.id', '=', id)
      .executeTakeFirst();
    if (!row || !row.released_form_data || !row.table_name || !row.menu_code) throw notFound();
    const parsedForm = JSON.parse(row.released_form_data) as FormJson;
    const plans = tablePlans(row.table_name, parsedForm);
    const main = plans[0]!;
    const partial = {
      id: row.id,
      fullName: row.full_name,
      enCode: row.en_code,
      webType: row.web_type,
      menuId: row.menu_id,
      form: parsedForm,
      columns: JSON.parse(row.released_column_data ?? '{"columnList":[]}') as ColumnData,
      texts: {
        formData: row.released_form_data,
        columnData: row.released_column_data ?? '{}',
        appData: row.released_app_data ?? '{}',
      },
      main,
      subs: plans.slice(1),
      fieldsByKey: new Map(main.fields.map((f) => [f.key, f])),
      searched: await searchedColumns(db, row.table_name),
    };
    const model: ReleasedModel = { ...partial, menuCode: row.menu_code };
    registerSchemeFields(model.menuCode, schemeFields(partial));
    kept.set(id, { form, menus, model });
    return model;
  }

  return {
    /** The released model, or 404 when it does not exist or was never released. */
    get: load,
    /**
     * The id of the released model whose main table holds a live record with this id, or undefined
     * when none does. Ids are unique across tables, so one statement asks every table at once.
     */
    async modelHolding(recordId: string): Promise<string | undefined> {
      const models = await db
        .selectFrom('visualdev_model')
        .select(['id', 'table_name'])
        .where('table_name', 'is not', null)
        .orderBy('id')
        .execute();
      for (let start = 0; start < models.length; start += PROBES_PER_STATEMENT) {
        const chunk = models.slice(start, start + PROBES_PER_STATEMENT);
        const probes = chunk.map(
          (m, i) =>
            sql`select ${sql.lit(i)} as probe from ${sql.table(m.table_name!)} where id = ${recordId} and deleted_at is null`,
        );
        const { rows } = await sql<{ probe: number }>`${sql.join(probes, sql` union all `)}`.execute(db);
        if (rows[0]) return chunk[Number(rows[0].probe)]!.id;
      }
      return undefined;
    },
    /** Registers the scheme fields of every released model, so schemes can be saved for them. */
    async registerAll(): Promise<void> {
      const ids = await db.selectFrom('visualdev_model').select('id').where('table_name', 'is not', null).execute();
      for (const { id } of ids) await load(id).catch(() => undefined);
    },
  };
}

export type ReleasedModels = ReturnType<typeof createReleasedModels>;
