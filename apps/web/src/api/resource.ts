import type { PageResult } from '@atrium/shared';
import { request } from './request.ts';

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
