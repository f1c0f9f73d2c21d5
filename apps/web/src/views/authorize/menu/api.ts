import type {
  DataSchemeBody,
  DataSchemeInfo,
  MenuBody as SharedMenuBody,
  MenuInfo as SharedMenuInfo,
  MenuSelectorNode,
  ModuleElementBody,
  ModuleElementInfo,
  ModuleElementKind,
  SchemeField,
  SystemBody as SharedSystemBody,
  SystemInfo as SharedSystemInfo,
} from '@atrium/shared';
import { request } from '../../../api/request.ts';

const enc = encodeURIComponent;

/**
 * A menu's or system's name in the languages other than Simplified Chinese (`fullName`). Lists
 * answer `fullName` in the caller's language; one record's detail answers the Simplified Chinese
 * name, for the edit form. An empty or missing language shows the Simplified Chinese name.
 */
export interface NameTranslations {
  'zh-TW'?: string;
  'en-US'?: string;
}
interface Translated {
  fullNameI18n?: NameTranslations;
}
export type MenuInfo = SharedMenuInfo & Translated;
export type MenuBody = SharedMenuBody & Translated;
export type SystemInfo = SharedSystemInfo & Translated;
export type SystemBody = SharedSystemBody & Translated;

/** Systems (type 0) of /api/system/System. */
export const systemApi = {
  list: async (keyword = '') =>
    (await request<{ list: SystemInfo[] }>({ url: '/api/system/System', data: { keyword } })).data?.list ?? [],
  info: async (id: string) => (await request<SystemInfo>({ url: `/api/system/System/${enc(id)}` })).data!,
  create: (body: SystemBody) => request<{ id: string }>({ url: '/api/system/System', method: 'POST', data: body }),
  update: (id: string, body: SystemBody) =>
    request({ url: `/api/system/System/${enc(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `/api/system/System/${enc(id)}`, method: 'DELETE' }),
  stateUrl: (id: string) => `/api/system/System/${enc(id)}/Actions/State`,
};

/** Menus of one system, as a tree. */
export const menuApi = {
  tree: async (systemId: string, keyword = '') =>
    (await request<{ list: MenuInfo[] }>({ url: '/api/system/Menu', data: { systemId, keyword } })).data?.list ?? [],
  /** Parent picker without `id` and its subtree ('0' for a new menu). */
  selector: async (id: string, systemId: string) =>
    (
      await request<{ list: MenuSelectorNode[] }>({
        url: `/api/system/Menu/Selector/${enc(id)}`,
        data: { systemId },
      })
    ).data?.list ?? [],
  info: async (id: string) => (await request<MenuInfo>({ url: `/api/system/Menu/${enc(id)}` })).data!,
  create: (body: MenuBody) => request<{ id: string }>({ url: '/api/system/Menu', method: 'POST', data: body }),
  update: (id: string, body: MenuBody) => request({ url: `/api/system/Menu/${enc(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `/api/system/Menu/${enc(id)}`, method: 'DELETE' }),
  stateUrl: (id: string) => `/api/system/Menu/${enc(id)}/Actions/State`,
};

const ELEMENT_PATH: Record<ModuleElementKind, string> = {
  button: '/api/system/ModuleButton',
  column: '/api/system/ModuleColumn',
  form: '/api/system/ModuleForm',
};

/** Buttons, list columns or form fields of one menu. */
export function elementApi(kind: ModuleElementKind) {
  const base = ELEMENT_PATH[kind];
  return {
    list: async (moduleId: string) =>
      (await request<{ list: ModuleElementInfo[] }>({ url: base, data: { moduleId } })).data?.list ?? [],
    info: async (id: string) => (await request<ModuleElementInfo>({ url: `${base}/${enc(id)}` })).data!,
    create: (body: ModuleElementBody) => request({ url: base, method: 'POST', data: body }),
    update: (id: string, body: ModuleElementBody) => request({ url: `${base}/${enc(id)}`, method: 'PUT', data: body }),
    remove: (id: string) => request({ url: `${base}/${enc(id)}`, method: 'DELETE' }),
  };
}

const SCHEME = '/api/system/ModuleDataAuthorizeScheme';

/** Data schemes of one menu. */
export const schemeApi = {
  list: async (moduleId: string) =>
    (await request<{ list: DataSchemeInfo[] }>({ url: SCHEME, data: { moduleId } })).data?.list ?? [],
  fields: async (moduleId: string) =>
    (await request<{ list: SchemeField[] }>({ url: `${SCHEME}/Fields/${enc(moduleId)}` })).data?.list ?? [],
  info: async (id: string) => (await request<DataSchemeInfo>({ url: `${SCHEME}/${enc(id)}` })).data!,
  create: (body: DataSchemeBody) => request({ url: SCHEME, method: 'POST', data: body }),
  update: (id: string, body: DataSchemeBody) => request({ url: `${SCHEME}/${enc(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `${SCHEME}/${enc(id)}`, method: 'DELETE' }),
};
