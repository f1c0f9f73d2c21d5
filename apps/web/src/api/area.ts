import type { AreaForm, AreaInfo, AreaNode, AreaRow } from '@atrium/shared';
import { request } from './request.ts';

const BASE = '/api/system/Area';
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Administrative area calls. */
export const areaApi = {
  /** Children of a parent ('-1' = provinces); with a keyword, matches on every level. */
  children: async (parentId: string, query: { keyword?: string; enabledOnly?: boolean } = {}) =>
    (
      await request<{ list: AreaRow[] }>({
        url: at(parentId),
        data: { keyword: query.keyword ?? '', ...(query.enabledOnly ? { enabledOnly: 1 } : {}) },
      })
    ).data?.list ?? [],
  /** Possible parents under `parentId`, without the area being edited ('0' = none left out). */
  selector: async (parentId: string, excludeId = '0') =>
    (await request<{ list: AreaNode[] }>({ url: `${at(parentId)}/Selector/${encodeURIComponent(excludeId)}` })).data
      ?.list ?? [],
  /** Names of address values (paths of ids), path by path. */
  namesByIds: async (idsList: readonly (readonly string[])[]) =>
    (await request<string[][]>({ url: `${BASE}/GetAreaByIds`, method: 'POST', data: { idsList } })).data ?? [],
  info: async (id: string) => (await request<AreaInfo>({ url: `${at(id)}/Info` })).data!,
  create: (body: AreaForm) => request({ url: BASE, method: 'POST', data: body }),
  update: (id: string, body: AreaForm) => request({ url: at(id), method: 'PUT', data: body }),
  remove: (id: string) => request({ url: at(id), method: 'DELETE' }),
  stateUrl: (id: string) => `${at(id)}/Actions/State`,
};
