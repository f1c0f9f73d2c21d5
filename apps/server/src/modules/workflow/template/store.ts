import { createHash } from 'node:crypto';
import type { FlowNode } from '@atrium/shared/workflow';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/index.ts';
import type { FlowTemplateTable } from '../../../db/schema.ts';
import type { Tx } from '../../../db/tx.ts';
import { notFound } from '../../../core/errors.ts';

export type TemplateRow = Selectable<FlowTemplateTable>;

/** The designer's permission (docs/workflow.md, "Menus"). */
export const ENGINE_MENU = 'workFlow.flowEngine';

/**
 * The editor's draft is a version row of its own, state 'draft' and number 0 (published versions
 * count from 1), so saving a draft never touches what staff launch.
 */
export const DRAFT_VERSION_NO = 0;

export async function loadTemplate(db: Db | Tx, id: string): Promise<TemplateRow> {
  const row = await db.selectFrom('flow_template').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The draft row of a template (every template has one from its creation). */
export async function loadDraft(db: Db | Tx, templateId: string) {
  return db
    .selectFrom('flow_template_version')
    .select(['id', 'node_tree', 'checksum'])
    .where('template_id', '=', templateId)
    .where('state', '=', 'draft')
    .executeTakeFirst();
}

/** Tells two trees apart cheaply: whether the draft differs from what was published. */
export const checksumOf = (text: string) => createHash('sha256').update(text).digest('hex');

export const parseTree = (text: string) => JSON.parse(text) as FlowNode;
