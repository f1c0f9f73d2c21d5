import type {
  DictionaryAll,
  DictionaryDataForm,
  DictionaryDataInfo,
  DictionaryDataRow,
  DictionaryOption,
  DictionaryTypeForm,
  DictionaryTypeInfo,
  DictionaryTypeNode,
} from '@atrium/shared';
import { request, requestRaw } from './request.ts';

const TYPE = '/api/system/DictionaryType';
const DATA = '/api/system/DictionaryData';
const part = encodeURIComponent;

/** Dictionary types: the category tree of the dictionary screen. */
export const dictionaryTypeApi = {
  tree: async () => (await request<{ list: DictionaryTypeNode[] }>({ url: TYPE })).data!.list,
  /** Parent picker: the tree without the given type and its subtree ('0' = none excluded). */
  selector: async (id = '0') =>
    (await request<{ list: DictionaryTypeNode[] }>({ url: `${TYPE}/Selector/${part(id)}` })).data!.list,
  info: async (id: string) => (await request<DictionaryTypeInfo>({ url: `${TYPE}/${part(id)}` })).data!,
  create: (body: DictionaryTypeForm) => request({ url: TYPE, method: 'POST', data: body }),
  update: (id: string, body: DictionaryTypeForm) => request({ url: `${TYPE}/${part(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `${TYPE}/${part(id)}`, method: 'DELETE' }),
};

/** Dictionary items of one type, and the lookups form widgets make. */
export const dictionaryDataApi = {
  list: async (typeId: string, query: { keyword?: string; isTree?: number } = {}) =>
    (await request<{ list: DictionaryDataRow[] }>({ url: `${DATA}/${part(typeId)}`, data: query })).data!.list,
  /** Every enabled type with its enabled items and the revision they were read at (the client cache). */
  all: async () => (await request<DictionaryAll>({ url: `${DATA}/All` })).data!,
  /** The cheap staleness check: the current dictionary revision alone. */
  revision: async () => (await request<{ revision: number }>({ url: `${DATA}/Revision` })).data!.revision,
  /** Parent picker of a tree type: its items without the given one and its subtree ('0' = none excluded). */
  selector: async (typeId: string, parentId = '0') =>
    (
      await request<{ list: DictionaryOption[] }>({
        url: `${DATA}/${part(typeId)}/Selector/${part(parentId)}`,
        data: { isTree: 1 },
      })
    ).data!.list,
  /** Enabled items of a type given by id or enCode, as select widgets show them. */
  options: async (typeIdOrCode: string) =>
    (await request<{ list: DictionaryOption[] }>({ url: `${DATA}/${part(typeIdOrCode)}/Data/Selector` })).data!.list,
  info: async (id: string) => (await request<DictionaryDataInfo>({ url: `${DATA}/${part(id)}/Info` })).data!,
  create: (body: DictionaryDataForm) => request({ url: DATA, method: 'POST', data: body }),
  update: (id: string, body: DictionaryDataForm) => request({ url: `${DATA}/${part(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `${DATA}/${part(id)}`, method: 'DELETE' }),
  stateUrl: (id: string) => `${DATA}/${part(id)}/Actions/State`,
  /** The items of a type as an xlsx file. */
  export: (typeId: string) => requestRaw({ url: `${DATA}/${part(typeId)}/Action/Export` }),
};
