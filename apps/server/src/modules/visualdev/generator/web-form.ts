import { commentText, lines } from './emit.ts';
import type { GenPlan } from './plan.ts';

/**
 * apps/web/src/views/<area>/<name>/form.ts: the model's form JSON, as the designer saved it. The
 * form runtime lays it out and validates records with it by the same registry the server uses.
 */
export function webForm(plan: GenPlan): string {
  return lines(
    "import type { FormJson } from '@atrium/shared/forms';",
    '',
    '/*',
    ` * The form of ${commentText(plan.fullName)} (model ${commentText(plan.enCode)}) as the designer saved it. The design was`,
    ' * checked by checkDesign when it was saved; its free-form properties are not restated as types here.',
    ' */',
    // JSON text is a valid object literal; every string in it is a JSON string literal.
    `const design: unknown = ${JSON.stringify(plan.form, null, 2)};`,
    '',
    'export const form = design as FormJson;',
    '',
  );
}
