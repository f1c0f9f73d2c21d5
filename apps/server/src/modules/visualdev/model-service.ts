import { collectFields, holdsValue, type FormJson } from '@atrium/shared/forms';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db, Dialect } from '../../db/index.ts';
import { lockRow } from '../../db/tx.ts';
import type { VisualdevModelTable } from '../../db/schema.ts';
import { bumpRevision } from '../../core/revisions.ts';
import { fail, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { countedPage, pageOf } from '../../core/paging.ts';
import { createdColumns, updatedColumns, type Actor } from '../../core/records.ts';
import { containsAny } from '../../core/sql.ts';
import { inUnit, type UnitOfWork } from '../../core/unit-of-work.ts';
import { writeWithUniqueCode } from '../../core/unique-code.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { saveModuleMenu } from '../authorize/module-menu.ts';
import { readDesign } from './design.ts';
import type { modelBody, modelListQuery, modelUpdateBody, releaseBody } from './schema.ts';
import { dropStorage, mainTableFor, syncStorage } from './storage.ts';

type Model = Selectable<VisualdevModelTable>;

/** The buttons every released list offers, granted one by one (btn_ + the list's button value). */
export const DEFAULT_BUTTONS: [string, string][] = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_detail', '详情'],
  ['btn_download', '导出'],
  ['btn_upload', '导入'],
  ['btn_batchRemove', '批量删除'],
  ['btn_batchPrint', '批量打印'],
];

function summary(m: Model) {
  return {
    id: m.id,
    fullName: m.full_name,
    enCode: m.en_code,
    state: m.state,
    type: m.type,
    category: m.category,
    webType: m.web_type,
    enabledMark: m.enabled,
    sortCode: m.sort_code,
    description: m.description ?? '',
    tableName: m.table_name,
    menuId: m.menu_id,
    releasedAt: m.released_at,
    creatorTime: m.created_at,
    lastModifyTime: m.updated_at,
  };
}

export async function listModels(db: Db, dialect: Dialect, query: z.infer<typeof modelListQuery>) {
  let base = db.selectFrom('visualdev_model');
  if (query.category) base = base.where('category', '=', query.category);
  if (query.type) base = base.where('type', '=', query.type);
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['full_name', 'en_code'], query.keyword));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base.selectAll().orderBy('category').orderBy('sort_code').orderBy('id'),
  );
  return pageOf(rows.map(summary), query, total);
}

async function loadModel(db: Db | UnitOfWork['trx'], id: string): Promise<Model> {
  const row = await db.selectFrom('visualdev_model').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function modelInfo(db: Db, id: string) {
  const m = await loadModel(db, id);
  return { ...summary(m), formData: m.form_data, columnData: m.column_data, appData: m.app_data, version: m.version };
}

export async function modelSelector(db: Db) {
  const rows = await db
    .selectFrom('visualdev_model')
    .select(['id', 'full_name', 'en_code', 'category', 'web_type'])
    .where('enabled', '=', 1)
    .orderBy('category')
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      category: r.category,
      webType: r.web_type,
    })),
  };
}

const normalised = (body: z.infer<typeof modelBody>, language: string) => {
  const design = readDesign(body, language);
  return {
    form_data: JSON.stringify(design.form),
    column_data: JSON.stringify(design.columns),
    app_data: JSON.stringify(design.app),
  };
};

export async function createModel(db: Db, body: z.infer<typeof modelBody>, language: string, actor: Actor) {
  const design = normalised(body, language);
  const id = newId(actor.now);
  await writeWithUniqueCode(db, 'visualdev_model', body.enCode, undefined, () =>
    db
      .insertInto('visualdev_model')
      .values({
        id,
        full_name: body.fullName,
        en_code: body.enCode,
        state: 0,
        type: body.type,
        category: body.category,
        web_type: body.webType,
        ...design,
        released_form_data: null,
        released_column_data: null,
        released_app_data: null,
        released_at: null,
        table_name: null,
        menu_id: null,
        description: body.description,
        enabled: body.enabledMark,
        sort_code: body.sortCode,
        ...createdColumns(actor),
      })
      .execute(),
  );
  return id;
}

/** Saves the draft; what staff use changes only at the next release. */
export async function updateModel(
  db: Db,
  id: string,
  body: z.infer<typeof modelUpdateBody>,
  language: string,
  actor: Actor,
) {
  const design = normalised(body, language);
  await writeWithUniqueCode(db, 'visualdev_model', body.enCode, id, () =>
    db.transaction().execute((trx) =>
      updateVersioned(trx, 'visualdev_model', id, body.version, {
        full_name: body.fullName,
        en_code: body.enCode,
        type: body.type,
        category: body.category,
        web_type: body.webType,
        ...design,
        // A changed draft is a draft again until it is released.
        state: 0,
        description: body.description,
        enabled: body.enabledMark,
        sort_code: body.sortCode,
        ...updatedColumns(actor),
      }),
    ),
  );
}

/**
 * Deletes a model with its tables and records. A model still released to a menu is refused: its
 * menu entry (and the grants on it) go first, through the menu screen.
 */
export async function deleteModel(target: Db | UnitOfWork, id: string) {
  await inUnit(target, async ({ trx }) => {
    const model = await loadModel(trx, id);
    if (model.menu_id) {
      const menu = await trx.selectFrom('menu').select('full_name').where('id', '=', model.menu_id).executeTakeFirst();
      if (menu) throw fail('visualdevModelHasMenu', { name: menu.full_name });
    }
    await dropStorage(trx, id);
    await trx.deleteFrom('visualdev_model').where('id', '=', id).execute();
    await bumpRevision(trx, `form:${id}`);
  });
}

/** Duplicates a model's draft under a new code; the copy is a draft with no tables or menu. */
export async function copyModel(db: Db, id: string, suffix: string, actor: Actor) {
  const m = await loadModel(db, id);
  const stamp = String(actor.now).slice(-5);
  const code = `${m.en_code.slice(0, 40)}_${stamp}`;
  const copyId = newId(actor.now);
  await writeWithUniqueCode(db, 'visualdev_model', code, undefined, () =>
    db
      .insertInto('visualdev_model')
      .values({
        ...m,
        id: copyId,
        full_name: `${m.full_name}.${suffix}${stamp}`.slice(0, 100),
        en_code: code,
        state: 0,
        released_form_data: null,
        released_column_data: null,
        released_app_data: null,
        released_at: null,
        table_name: null,
        menu_id: null,
        ...createdColumns(actor),
      })
      .execute(),
  );
  return copyId;
}

/** The form fields a grant, a list column or a related form may name. */
function dataFieldList(form: FormJson) {
  return collectFields(form)
    .filter((f) => holdsValue(f.field))
    .map((f) => ({
      vModel: f.key,
      label: String(f.field.__config__.label ?? f.key),
      jnpfKey: String(f.field.__config__.jnpfKey),
      ...(f.table ? { table: f.table } : {}),
    }));
}

/** FormDataFields: the released form's data fields (the draft's while never released). */
export async function formDataFields(db: Db, id: string) {
  const m = await loadModel(db, id);
  return { list: dataFieldList(JSON.parse(m.released_form_data ?? m.form_data) as FormJson) };
}

/**
 * Publishes the draft: one unit of work copies it to the released columns, brings the tables in
 * line (new columns, indexes; nothing dropped), and creates or updates the type 3 menu entry with
 * the default buttons, the list's columns and the form's fields as grantable elements. Only this
 * model's revision moves for the runtime's caches.
 */
export async function releaseModel(
  target: Db | UnitOfWork,
  dialect: Dialect,
  id: string,
  body: z.infer<typeof releaseBody>,
  language: string,
  actor: Actor,
) {
  await inUnit(target, async ({ trx }) => {
    // One release of a model at a time: a second waits here, then finds the tables the first made.
    if (!(await lockRow(trx, 'visualdev_model', id))) throw notFound();
    const m = await loadModel(trx, id);
    const design = readDesign({ formData: m.form_data, columnData: m.column_data, appData: m.app_data }, language);
    const table = m.table_name ?? mainTableFor(m.en_code);
    if (!m.table_name) {
      const taken = await trx
        .selectFrom('visualdev_model')
        .select('id')
        .where('table_name', '=', table)
        .executeTakeFirst();
      if (taken) throw fail('codeTaken', { code: m.en_code });
    }
    await syncStorage(trx, dialect, id, table, design.form, design.columns);
    const fields = dataFieldList(design.form);
    const menuId = await saveModuleMenu(
      trx,
      {
        menuId: m.menu_id,
        systemId: body.pcSystemId,
        parentId: body.pcModuleParentId,
        fullName: m.full_name,
        enCode: m.en_code,
        icon: 'FormOutlined',
        modelId: id,
        // Columns and form fields become grantable one by one only where the list turns column
        // or form permission on; otherwise everyone with the menu sees them all.
        elements: {
          button: DEFAULT_BUTTONS,
          column: design.columns.useColumnPermission
            ? design.columns.columnList.map((c): [string, string] => [c.prop, c.label || c.prop])
            : [],
          form: design.columns.useFormPermission ? fields.map((f): [string, string] => [f.vModel, f.label]) : [],
        },
      },
      actor,
    );
    await trx
      .updateTable('visualdev_model')
      .set({
        state: 1,
        released_form_data: m.form_data,
        released_column_data: m.column_data,
        released_app_data: m.app_data,
        released_at: actor.now,
        table_name: table,
        menu_id: menuId,
        version: m.version + 1,
        ...updatedColumns(actor),
      })
      .where('id', '=', id)
      .execute();
    await bumpRevision(trx, `form:${id}`);
  });
}

/** RollbackTemplate: the draft becomes the released design again. */
export async function rollbackModel(db: Db, id: string, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    const m = await loadModel(trx, id);
    if (!m.released_form_data) throw fail('visualdevNoRelease');
    await trx
      .updateTable('visualdev_model')
      .set({
        form_data: m.released_form_data,
        column_data: m.released_column_data ?? m.column_data,
        app_data: m.released_app_data ?? m.app_data,
        state: 1,
        version: m.version + 1,
        ...updatedColumns(actor),
      })
      .where('id', '=', id)
      .execute();
  });
}
