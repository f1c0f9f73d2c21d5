import type { FormDialogProps, Versioned } from './form-dialog.tsx';

/**
 * FormDialog's `load` and `submit` for a resource: with an id, the dialog edits that record and
 * saves it with the version it loaded; without one it creates. `toBody` adjusts the values before
 * sending (e.g. clearing a field the chosen type does not use).
 */
export function resourceFormCalls<V extends object>(
  api: {
    info: (id: string) => Promise<Versioned<V>>;
    create: (body: V) => Promise<{ msg?: string }>;
    update: (id: string, body: V & { version?: number }) => Promise<{ msg?: string }>;
  },
  id: string | undefined,
  toBody: (values: V) => V = (values) => values,
): Pick<FormDialogProps<V>, 'load' | 'submit'> {
  return {
    load: id ? () => api.info(id) : undefined,
    submit: (values, version) => (id ? api.update(id, { ...toBody(values), version }) : api.create(toBody(values))),
  };
}
