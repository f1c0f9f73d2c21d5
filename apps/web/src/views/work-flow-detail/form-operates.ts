import type { FormField, FormJson } from '@atrium/shared/forms';
import type { FormOperate } from '@atrium/shared/workflow';
import type { FlowFormInfo } from '../../api/workflow.ts';

/** A form design as the detail answer carries it (the form info with its design as JSON text or parsed), or nothing (a code form). */
export function parseFormJson(value: FlowFormInfo | string | FormJson | null | undefined): FormJson | null {
  if (!value) return null;
  // The detail answers { formType, formId, formData }; a template answers the design itself.
  if (typeof value !== 'string' && 'formData' in value) return parseFormJson((value as FlowFormInfo).formData);
  if (typeof value !== 'string') return Array.isArray(value.fields) ? value : null;
  try {
    const parsed = JSON.parse(value) as FormJson;
    return parsed && Array.isArray(parsed.fields) ? parsed : null;
  } catch {
    return null;
  }
}

export interface OperatedForm {
  form: FormJson;
  /** The readable fields (the renderer leaves the others out); undefined shows every field. */
  granted: ReadonlySet<string> | undefined;
  /** Whether any field may be written. */
  writable: boolean;
}

/**
 * The form as one node's handlers see it (docs/workflow.md, "Forms"): unreadable fields hidden,
 * readable-only fields disabled and not required, writable ones required as the node says. With
 * `editable` false (a view that handles nothing) every field is read-only. A node without
 * `formOperates` shows every field, writable only when launching.
 */
export function applyFormOperates(
  form: FormJson,
  operates: readonly FormOperate[] | null | undefined,
  options: { editable: boolean; launching?: boolean },
): OperatedForm {
  if (!operates?.length) {
    const writable = options.editable && options.launching === true;
    return { form: writable ? form : lockAll(form), granted: undefined, writable };
  }
  const byId = new Map(operates.map((op) => [op.id, op]));
  const granted = new Set(operates.filter((op) => op.read || op.write).map((op) => op.id));
  let writable = false;
  const visit = (field: FormField, table?: string): FormField => {
    const children = field.__config__.children;
    const vModel = field.__vModel__;
    const isTable = field.__config__.jnpfKey === 'table';
    const next: FormField = children
      ? {
          ...field,
          __config__: {
            ...field.__config__,
            children: children.map((c) => visit(c, isTable ? vModel : table)),
          },
        }
      : field;
    if (!vModel) return next;
    // A sub-table's column without an entry of its own follows its table.
    const op = table ? (byId.get(`${table}-${vModel}`) ?? byId.get(table)) : byId.get(vModel);
    if (table && op && (op.read || op.write)) granted.add(`${table}-${vModel}`);
    const canWrite = options.editable && op?.write === true;
    if (canWrite) writable = true;
    return canWrite
      ? { ...next, __config__: { ...next.__config__, required: op?.required ?? next.__config__.required } }
      : { ...next, disabled: true, __config__: { ...next.__config__, required: false } };
  };
  return { form: { ...form, fields: form.fields.map((f) => visit(f)) }, granted, writable };
}

function lockAll(form: FormJson): FormJson {
  const lock = (field: FormField): FormField => ({
    ...field,
    disabled: field.__vModel__ ? true : field.disabled,
    __config__: {
      ...field.__config__,
      required: false,
      children: field.__config__.children?.map(lock),
    },
  });
  return { ...form, fields: form.fields.map(lock) };
}

/** The values of the fields a node may write: the server merges only those, so only those are sent. */
export function writableValues(
  values: Record<string, unknown>,
  operates: readonly FormOperate[] | null | undefined,
): Record<string, unknown> {
  if (!operates?.length) return values;
  const writable = new Set(operates.filter((op) => op.write).map((op) => op.id));
  return Object.fromEntries(Object.entries(values).filter(([key]) => writable.has(key)));
}
