import { validateForm, type FormError, type FormValidation } from '@atrium/shared/forms';
import { cellPath } from './store.ts';
import type { FormRuntime } from './use-form-runtime.ts';

/** Store paths of validation messages: the validator names a cell by row index, the store by row id. */
export function serverErrorsToPaths({ store }: Pick<FormRuntime, 'store'>, errors: readonly FormError[]) {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const parts = e.path.split('.');
    if (parts.length === 3) {
      const row = store.rows(parts[0]!)[Number(parts[1])];
      if (row) out[cellPath(parts[0]!, row.id, parts[2]!)] = e.message;
    } else out[e.path] = e.message;
  }
  return out;
}

/**
 * Validates the whole record with the validator the server runs (every field and every cell,
 * windowed rows and closed tabs included), shows each message on its field or cell, and answers
 * the cleaned values to send; undefined while anything is invalid.
 */
export function submitForm(runtime: FormRuntime): { values?: FormValidation['values']; errors: FormError[] } {
  const { model, store } = runtime;
  const result = validateForm(model.form, store.data(), { lang: model.lang, granted: model.granted });
  store.setErrors(serverErrorsToPaths(runtime, result.errors));
  return result.ok ? { values: result.values, errors: [] } : { errors: result.errors };
}
