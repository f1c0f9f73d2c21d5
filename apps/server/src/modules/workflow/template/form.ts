import { dataFields, type FormJson } from '@atrium/shared/forms';
import type { Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';
import { fail } from '../../../core/errors.ts';

/** formType of a template: a designed form (a visual-development model) or a fixed page of the web app. */
export const FormType = { designed: 1, code: 2 } as const;

/**
 * The form design a template binds: the model's released design, or its draft while it was never
 * released (a flow form needs no menu entry). Null for a code form, which has no design to keep.
 */
export async function boundFormDesign(db: Db | Tx, formType: number, formId: string | null): Promise<string | null> {
  if (formType !== FormType.designed) return null;
  const model = formId
    ? await db
        .selectFrom('visualdev_model')
        .select(['form_data', 'released_form_data'])
        .where('id', '=', formId)
        .executeTakeFirst()
    : undefined;
  if (!model) throw fail('flowTemplateFormMissing');
  return model.released_form_data ?? model.form_data;
}

/** The vModels of a form design's data fields (JSON text); unknown (undefined) for a code form. */
export function fieldsOf(design: string | null): string[] | undefined {
  return design ? [...dataFields(JSON.parse(design) as FormJson).keys()] : undefined;
}

/** The names of the bound forms of several templates (designed forms only), by model id. */
export async function formNames(db: Db | Tx, formIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(formIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('visualdev_model').select(['id', 'full_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.full_name]));
}
