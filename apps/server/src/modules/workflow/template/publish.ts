import { ResultCode } from '@atrium/shared';
import { validateFlowTree, type FlowLang } from '@atrium/shared/workflow';
import { lockRow } from '../../../db/tx.ts';
import type { Db } from '../../../db/index.ts';
import { AppError, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { updatedColumns, type Actor } from '../../../core/records.ts';
import { inUnit, type UnitOfWork } from '../../../core/unit-of-work.ts';
import { boundFormDesign, fieldsOf } from './form.ts';
import { loadDraft, loadTemplate, parseTree } from './store.ts';

/**
 * Publishes the draft as the next version, in one unit of work with the template row locked (two
 * publishes at once make v2 and v3, never two v2): the tree is checked against the bound form's
 * fields, the form design is copied into the version so running flows keep their form, the version
 * published before is archived and the template points at the new one. A tree with problems answers
 * 400 naming the first, with all of them in `data`, and nothing is written.
 */
export async function publishTemplate(
  target: Db | UnitOfWork,
  id: string,
  actor: Actor,
  lang: FlowLang,
): Promise<{ flowId: string; versionNo: number }> {
  return inUnit(target, async ({ trx }) => {
    if (!(await lockRow(trx, 'flow_template', id))) throw notFound();
    const template = await loadTemplate(trx, id);
    const draft = await loadDraft(trx, id);
    if (!draft) throw notFound();
    const design = await boundFormDesign(trx, template.form_type, template.form_id);
    const problems = validateFlowTree(parseTree(draft.node_tree), {
      formFields: fieldsOf(design),
      templateCode: template.en_code,
      lang,
    });
    if (problems.length > 0)
      throw new AppError(ResultCode.failed, 'flowTemplateInvalid', { message: problems[0]!.message }, problems);

    const last = await trx
      .selectFrom('flow_template_version')
      .select((eb) => eb.fn.max('version_no').as('no'))
      .where('template_id', '=', id)
      .executeTakeFirst();
    const versionNo = Number(last?.no ?? 0) + 1;
    const flowId = newId(actor.now);
    await trx
      .updateTable('flow_template_version')
      .set({ state: 'archived' })
      .where('template_id', '=', id)
      .where('state', '=', 'published')
      .execute();
    await trx
      .insertInto('flow_template_version')
      .values({
        id: flowId,
        template_id: id,
        version_no: versionNo,
        state: 'published',
        node_tree: draft.node_tree,
        form_snapshot: design,
        checksum: draft.checksum,
        published_at: actor.now,
        published_by: actor.userId,
        created_at: actor.now,
        created_by: actor.userId,
      })
      .execute();
    await trx
      .updateTable('flow_template')
      .set((eb) => ({ current_version_id: flowId, ...updatedColumns(actor), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    return { flowId, versionNo };
  });
}
