import {
  defaultFlowTree,
  type FlowLang,
  type FlowTemplateItem,
  type FlowTemplateVersionItem,
  type StartNode,
} from '@atrium/shared/workflow';
import type { z } from 'zod';
import type { Db, Dialect } from '../../../db/index.ts';
import { inTransaction, lockRow, type Tx } from '../../../db/tx.ts';
import { badField, fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf } from '../../../core/paging.ts';
import { createdColumns, updatedColumns, type Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { codeGuard } from '../../../core/unique-code.ts';
import { inUnit, type UnitOfWork } from '../../../core/unit-of-work.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { boundFormDesign, FormType, formNames } from './form.ts';
import {
  exportedTemplate,
  type ExportedTemplate,
  type launchableQuery,
  type TemplateBody,
  type templateListQuery,
  type TemplateUpdateBody,
} from './schema.ts';
import { checksumOf, DRAFT_VERSION_NO, loadDraft, loadTemplate, parseTree, type TemplateRow } from './store.ts';
import { mayLaunch, type Launcher } from './visibility.ts';

/** The columns a list shows, with the published version's number and whether the draft differs from it. */
function templateRows(db: Db | Tx) {
  return db
    .selectFrom('flow_template as t')
    .leftJoin('flow_template_version as pub', 'pub.id', 't.current_version_id')
    .leftJoin('flow_template_version as draft', (join) =>
      join.onRef('draft.template_id', '=', 't.id').on('draft.state', '=', 'draft'),
    );
}

type ListedRow = TemplateRow & {
  published_no: number | null;
  published_checksum: string | null;
  draft_checksum: string | null;
};

const listedColumns = [
  't.id',
  't.en_code',
  't.full_name',
  't.category',
  't.flow_type',
  't.form_type',
  't.form_id',
  't.icon',
  't.icon_background',
  't.description',
  't.current_version_id',
  't.enabled',
  't.sort_code',
  't.version',
  't.created_at',
  't.created_by',
  't.updated_at',
  't.updated_by',
  'pub.version_no as published_no',
  'pub.checksum as published_checksum',
  'draft.checksum as draft_checksum',
] as const;

function itemOf(row: ListedRow, names: Map<string, string>): FlowTemplateItem {
  return {
    id: row.id,
    enCode: row.en_code,
    fullName: row.full_name,
    category: row.category,
    flowType: row.flow_type,
    formType: row.form_type,
    formId: row.form_id,
    formName: row.form_id ? (names.get(row.form_id) ?? null) : null,
    icon: row.icon,
    iconBackground: row.icon_background,
    enabledMark: row.enabled,
    sortCode: row.sort_code,
    currentVersion: row.published_no,
    hasDraft: row.draft_checksum !== null && row.draft_checksum !== row.published_checksum,
    creatorTime: row.created_at,
    lastModifyTime: row.updated_at,
    description: row.description,
  };
}

/** Templates for administrators, one page. */
export async function listTemplates(db: Db, dialect: Dialect, query: z.infer<typeof templateListQuery>) {
  let base = templateRows(db);
  if (query.category) base = base.where('t.category', '=', query.category);
  if (query.flowType !== undefined) base = base.where('t.flow_type', '=', query.flowType);
  if (query.enabledMark !== undefined) base = base.where('t.enabled', '=', query.enabledMark);
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['t.full_name', 't.en_code'], query.keyword));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base.select(listedColumns).orderBy('t.sort_code').orderBy('t.created_at', 'desc').orderBy('t.id'),
  );
  const names = await formNames(
    db,
    rows.map((r) => r.form_id),
  );
  return pageOf(
    rows.map((r) => itemOf(r, names)),
    query,
    total,
  );
}

/** Sort columns PageListAll accepts in `sidx`. */
const LAUNCH_SORTS = {
  sortCode: 't.sort_code',
  fullName: 't.full_name',
  enCode: 't.en_code',
  creatorTime: 't.created_at',
} as const;

/**
 * PageListAll: the templates the caller may launch — enabled, published, and naming him among the
 * start node's initiators (or naming nobody). The initiator rule lives in each version's tree, so it
 * is applied here rather than in SQL; a company has tens of templates, not thousands.
 */
export async function launchableTemplates(
  db: Db,
  dialect: Dialect,
  query: z.infer<typeof launchableQuery>,
  who: Launcher,
) {
  let base = db
    .selectFrom('flow_template as t')
    .innerJoin('flow_template_version as pub', 'pub.id', 't.current_version_id')
    .where('t.enabled', '=', 1);
  if (query.category) base = base.where('t.category', '=', query.category);
  if (query.flowType !== undefined) base = base.where('t.flow_type', '=', query.flowType);
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['t.full_name', 't.en_code'], query.keyword));
  const sortColumn = LAUNCH_SORTS[query.sidx as keyof typeof LAUNCH_SORTS];
  const ordered = sortColumn
    ? base.orderBy(sortColumn, query.sort)
    : base.orderBy('t.sort_code').orderBy('t.full_name');
  const rows = await ordered
    .select([
      't.id',
      't.en_code',
      't.full_name',
      't.category',
      't.flow_type',
      't.form_type',
      't.form_id',
      't.icon',
      't.icon_background',
      't.description',
      't.sort_code',
      'pub.id as flow_id',
      'pub.node_tree',
    ])
    .orderBy('t.id')
    .execute();
  const visible = rows.filter((r) => mayLaunch(parseTree(r.node_tree), who));
  const start = (query.currentPage - 1) * query.pageSize;
  return pageOf(
    visible.slice(start, start + query.pageSize).map((r) => ({
      id: r.id,
      enCode: r.en_code,
      fullName: r.full_name,
      category: r.category,
      flowType: r.flow_type,
      formType: r.form_type,
      formId: r.form_id,
      icon: r.icon,
      iconBackground: r.icon_background,
      flowId: r.flow_id,
      description: r.description,
      sortCode: r.sort_code,
    })),
    query,
    visible.length,
  );
}

/**
 * One template. Administrators (designers) see any template and its draft; anyone else only a
 * template he may launch, and never the draft — others get 404, as if it did not exist.
 */
export async function templateInfo(db: Db, id: string, viewer: { designer: boolean; launcher: Launcher }) {
  const row = await templateRows(db).select(listedColumns).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const published = row.current_version_id
    ? await db
        .selectFrom('flow_template_version')
        .select(['id', 'version_no', 'node_tree', 'form_snapshot'])
        .where('id', '=', row.current_version_id)
        .executeTakeFirst()
    : undefined;
  const nodeTree = published ? parseTree(published.node_tree) : null;
  if (!viewer.designer && !(row.enabled === 1 && nodeTree && mayLaunch(nodeTree, viewer.launcher))) throw notFound();
  const item = itemOf(row, await formNames(db, [row.form_id]));
  const draft = viewer.designer ? await loadDraft(db, id) : undefined;
  return {
    ...item,
    flowId: published?.id ?? null,
    versionNo: published?.version_no ?? null,
    nodeTree,
    ...(viewer.designer ? { draftTree: draft ? parseTree(draft.node_tree) : null } : {}),
    // Unpublished: the bound form as it is now, or nothing when that model was deleted meanwhile.
    formData: published
      ? published.form_snapshot
      : await boundFormDesign(db, row.form_type, row.form_id).catch(() => null),
    version: row.version,
  };
}

/** A designed form must name an existing model; a code form names none. */
async function assertForm(db: Db | Tx, body: Pick<TemplateBody, 'formType' | 'formId'>) {
  if (body.formType !== FormType.designed) return;
  if (!body.formId) throw badField('formId', 'fieldRequired');
  const model = await db.selectFrom('visualdev_model').select('id').where('id', '=', body.formId).executeTakeFirst();
  if (!model) throw badField('formId', 'fieldValue');
}

async function assertCodeFree(db: Db | Tx, code: string, exceptId?: string) {
  let q = db.selectFrom('flow_template').select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

const templateColumns = (body: Omit<TemplateBody, 'nodeTree'>) => ({
  en_code: body.enCode,
  full_name: body.fullName,
  category: body.category,
  flow_type: body.flowType,
  form_type: body.formType,
  form_id: body.formType === FormType.designed ? (body.formId ?? null) : null,
  icon: body.icon ?? null,
  icon_background: body.iconBackground ?? null,
  description: body.description ?? null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
});

/**
 * Creates a template with its draft (the body's tree, or a start and one approval). Nothing is
 * published. Joins the caller's unit when given one (the demo seed creates and publishes in its own).
 */
export async function createTemplate(
  target: Db | UnitOfWork,
  body: TemplateBody,
  actor: Actor,
  lang: FlowLang,
): Promise<string> {
  const id = newId(actor.now);
  const tree = JSON.stringify(body.nodeTree ?? defaultFlowTree(lang));
  await codeGuard(body.enCode, () =>
    inUnit(target, async ({ trx }) => {
      await assertForm(trx, body);
      await assertCodeFree(trx, body.enCode);
      await trx
        .insertInto('flow_template')
        .values({ id, ...templateColumns(body), current_version_id: null, ...createdColumns(actor) })
        .execute();
      await trx
        .insertInto('flow_template_version')
        .values({
          id: newId(actor.now),
          template_id: id,
          version_no: DRAFT_VERSION_NO,
          state: 'draft',
          node_tree: tree,
          form_snapshot: null,
          checksum: checksumOf(tree),
          published_at: null,
          published_by: null,
          created_at: actor.now,
          created_by: actor.userId,
        })
        .execute();
    }),
  );
  return id;
}

/** Saves the fields and the draft tree; what staff launch changes only at the next publish. */
export async function updateTemplate(db: Db, id: string, body: TemplateUpdateBody, actor: Actor): Promise<void> {
  await assertForm(db, body);
  await assertCodeFree(db, body.enCode, id);
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      await updateVersioned(trx, 'flow_template', id, body.version, {
        ...templateColumns(body),
        ...updatedColumns(actor),
      });
      if (!body.nodeTree) return;
      const tree = JSON.stringify(body.nodeTree);
      await trx
        .updateTable('flow_template_version')
        .set({ node_tree: tree, checksum: checksumOf(tree) })
        .where('template_id', '=', id)
        .where('state', '=', 'draft')
        .execute();
    }),
  );
}

/** Enables or stops launching; running instances go on either way. */
export async function setTemplateState(db: Db, id: string, enabled: number, actor: Actor): Promise<void> {
  const result = await db
    .updateTable('flow_template')
    .set((eb) => ({ enabled, ...updatedColumns(actor), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound();
}

/** The template's fields and its draft, as export writes them and import reads them back. */
export async function exportTemplate(db: Db | Tx, id: string): Promise<ExportedTemplate> {
  const row = await loadTemplate(db, id);
  const draft = await loadDraft(db, id);
  return {
    enCode: row.en_code,
    fullName: row.full_name,
    category: row.category,
    flowType: row.flow_type,
    formType: row.form_type,
    formId: row.form_id,
    icon: row.icon,
    iconBackground: row.icon_background,
    description: row.description,
    sortCode: row.sort_code,
    enabledMark: row.enabled === 1 ? 1 : 0,
    nodeTree: parseTree(draft?.node_tree ?? JSON.stringify(defaultFlowTree())) as StartNode,
  };
}

/** A copy under the first free code `<code>_copy<n>`, with the draft tree and nothing published. */
export async function copyTemplate(db: Db, id: string, suffix: string, actor: Actor, lang: FlowLang) {
  const source = await exportTemplate(db, id);
  const taken = new Set(
    (
      await db
        .selectFrom('flow_template')
        .select('en_code')
        // `_` is a LIKE wildcard: the match may be wider than the prefix, the exact check below decides.
        .where('en_code', 'like', `${source.enCode}_copy%`)
        .execute()
    ).map((r) => r.en_code),
  );
  let n = 1;
  while (taken.has(`${source.enCode}_copy${n}`)) n++;
  return createTemplate(
    db,
    {
      ...source,
      enCode: `${source.enCode}_copy${n}`,
      fullName: `${source.fullName} ${suffix}`.slice(0, 100),
    },
    actor,
    lang,
  );
}

/** Import: the exported JSON checked as a new template; a code already in use is refused. */
export async function importTemplate(
  db: Db,
  data: string | Record<string, unknown>,
  actor: Actor,
  lang: FlowLang,
): Promise<string> {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch (error) {
      throw fail('flowTemplateImportInvalid', { message: (error as Error).message });
    }
  }
  const parsed = exportedTemplate.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail('flowTemplateImportInvalid', { message: `${issue.path.join('.') || 'data'}: ${issue.message}` });
  }
  return createTemplate(db, parsed.data, actor, lang);
}

/** The published and archived versions, newest first, with how many instances each has. */
export async function templateVersions(db: Db, id: string): Promise<FlowTemplateVersionItem[]> {
  await loadTemplate(db, id);
  const rows = await db
    .selectFrom('flow_template_version as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .select((eb) => [
      'v.id',
      'v.version_no',
      'v.state',
      'v.published_at',
      'u.real_name',
      'u.account',
      eb
        .selectFrom('flow_instance as i')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('i.version_id', '=', 'v.id')
        .as('instance_count'),
    ])
    .where('v.template_id', '=', id)
    .where('v.state', '!=', 'draft')
    .orderBy('v.version_no', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    versionNo: r.version_no,
    // The draft row was left out above.
    state: r.state as FlowTemplateVersionItem['state'],
    publishedAt: r.published_at,
    publishedBy: r.real_name ? `${r.real_name}/${r.account}` : null,
    instanceCount: Number(r.instance_count ?? 0),
  }));
}

/** Deletes a template and its versions, refused while any instance (even a draft) uses it. */
export async function removeTemplate(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await lockRow(trx, 'flow_template', id))) throw notFound();
    const used = await trx
      .selectFrom('flow_instance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(used.n) > 0) throw fail('flowTemplateHasInstances', { count: Number(used.n) });
    await trx.deleteFrom('flow_template_version').where('template_id', '=', id).execute();
    await trx.deleteFrom('flow_template').where('id', '=', id).execute();
  });
}
