import type { PageResult } from '@atrium/shared';
import { request } from '../../api/request.ts';
import type { FormDialogProps, Versioned } from './form-dialog.tsx';

/**
 * The calls every JNPF-style management resource shares, under one base path such as
 * '/api/permission/Position': list (paged query), detail, create, update (with version), delete and
 * the enable/disable state action. Screens add their special calls beside it.
 */
export function resourceApi<TItem, TInfo, TForm>(base: string) {
  return {
    base,
    list: async (query: object) => (await request<PageResult<TItem>>({ url: base, data: query })).data!,
    info: async (id: string) => (await request<TInfo>({ url: `${base}/${encodeURIComponent(id)}` })).data!,
    create: (body: TForm) => request({ url: base, method: 'POST', data: body }),
    update: (id: string, body: TForm) =>
      request({ url: `${base}/${encodeURIComponent(id)}`, method: 'PUT', data: body }),
    remove: (id: string) => request({ url: `${base}/${encodeURIComponent(id)}`, method: 'DELETE' }),
    stateUrl: (id: string) => `${base}/${encodeURIComponent(id)}/Actions/State`,
  };
}

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
