import type { PageResult } from '@atrium/shared';
import type { FormError } from '@atrium/shared/forms';
import { request, RequestError } from './request.ts';

/** The runtime of released visual-development models (/api/visualdev/OnlineDev, docs/visual-development.md). */

/** A released model as its menu page reads it: form, list and phone layout as JSON text. */
export interface OnlineConfig {
  id: string;
  fullName: string;
  enCode: string;
  webType: number;
  formData: string;
  columnData: string;
  appData: string;
  menuId: string | null;
}

/** A list row: the list's columns as display text, keyed by field, and the record's id. */
export type OnlineRow = Record<string, unknown> & { id: string };

export interface OnlineListQuery {
  currentPage: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  /** The sort field; '' for the list's default sort. */
  sidx: string;
  menuId: string;
  /** JSON text of the search form's values, `{ field: value }`. */
  queryJson: string;
}

/** A record to edit: raw values as JSON text (sub-tables as row arrays) and its version. */
export interface OnlineRecord {
  id: string;
  data: string;
  version: number;
}

/** A record as people read it, with the released form to lay it out. */
export interface OnlineDisplay {
  id: string;
  data: string;
  formData: string;
}

const BASE = '/api/visualdev/OnlineDev';
const at = (modelId: string) => `${BASE}/${encodeURIComponent(modelId)}`;
const record = (modelId: string, id: string) => `${at(modelId)}/${encodeURIComponent(id)}`;

export const onlineDevApi = {
  /** The current query as a workbook: the link to download it (kept an hour, for the caller only). */
  exportRecords: async (modelId: string, query: OnlineListQuery) =>
    (
      await request<{ name: string; url: string }>({
        url: `${at(modelId)}/Actions/Export`,
        method: 'POST',
        data: query,
      })
    ).data!.url,
  /** The calls of the three-step import dialog for a model's records. */
  importBase: (modelId: string) => at(modelId),
  templateUrl: async (modelId: string) =>
    (await request<{ name: string; url: string }>({ url: `${at(modelId)}/Template` })).data!.url,
  config: async (modelId: string) => (await request<OnlineConfig>({ url: `${at(modelId)}/Config` })).data!,
  list: async (modelId: string, query: OnlineListQuery) =>
    (await request<PageResult<OnlineRow>>({ url: `${at(modelId)}/List`, method: 'POST', data: query })).data!,
  info: async (modelId: string, id: string) => (await request<OnlineRecord>({ url: record(modelId, id) })).data!,
  display: async (modelId: string, id: string) =>
    (await request<OnlineDisplay>({ url: `${record(modelId, id)}/DataChange` })).data!,
  create: (modelId: string, values: object) =>
    request<{ id: string }>({ url: at(modelId), method: 'POST', data: { data: JSON.stringify(values) } }),
  update: (modelId: string, id: string, values: object, version: number | undefined) =>
    request({ url: record(modelId, id), method: 'PUT', data: { data: JSON.stringify(values), version } }),
  remove: (modelId: string, id: string) => request({ url: record(modelId, id), method: 'DELETE' }),
  batchRemove: (modelId: string, ids: string[]) =>
    request({ url: `${BASE}/batchDelete/${encodeURIComponent(modelId)}`, method: 'POST', data: { ids } }),
};

/** The problems of a refused record by path (`data.errors` of a 400), when the server listed them. */
export function recordErrors(error: unknown): FormError[] | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const errors = (error.response?.data as { errors?: FormError[] } | undefined)?.errors;
  return Array.isArray(errors) && errors.length ? errors : undefined;
}

// ---- Models (/api/visualdev/Base): what the designer lists, edits and releases ------------------

/** 1 web app, 3 flow form, 4 web form. */
export type ModelType = 1 | 3 | 4;
/** 1 form only, 2 form and list, 3 form, list and workflow, 4 data view. */
export type WebType = 1 | 2 | 3 | 4;

export interface ModelSummary {
  id: string;
  fullName: string;
  enCode: string;
  /** 0 while the draft differs from the release (or was never released), 1 released. */
  state: number;
  type: ModelType;
  category: string;
  webType: WebType;
  enabledMark: number;
  sortCode: number;
  description: string;
  tableName: string | null;
  menuId: string | null;
  releasedAt: number | null;
  creatorTime: number;
  lastModifyTime: number | null;
}

export interface ModelForm {
  fullName: string;
  enCode: string;
  type: ModelType;
  category: string;
  webType: WebType;
  /** Form JSON, list configuration and phone layout, as JSON text. */
  formData: string;
  columnData: string;
  appData: string;
  enabledMark: number;
  sortCode: number;
  description: string;
}

export interface ModelInfo extends ModelSummary {
  formData: string;
  columnData: string;
  appData: string;
  version: number;
}

export interface ModelOption {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  webType: number;
}

/** A stored field of a model's form; sub-table columns carry their table. */
export interface ModelField {
  vModel: string;
  label: string;
  jnpfKey: string;
  table?: string;
}

const MODELS = '/api/visualdev/Base';
const model = (id: string) => `${MODELS}/${encodeURIComponent(id)}`;

export const modelApi = {
  list: async (query: { currentPage: number; pageSize: number; keyword?: string; category?: string }) =>
    (await request<PageResult<ModelSummary>>({ url: MODELS, data: query })).data!,
  info: async (id: string) => (await request<ModelInfo>({ url: model(id) })).data!,
  create: async (body: ModelForm) =>
    (await request<{ id: string }>({ url: MODELS, method: 'POST', data: body })).data!.id,
  update: (id: string, body: ModelForm & { version: number }) => request({ url: model(id), method: 'PUT', data: body }),
  remove: (id: string) => request({ url: model(id), method: 'DELETE' }),
  copy: async (id: string) =>
    (await request<{ id: string }>({ url: `${model(id)}/Actions/Copy`, method: 'POST' })).data!.id,
  release: (id: string, target: { pcModuleParentId: string; pcSystemId: string }) =>
    request({ url: `${model(id)}/Actions/Release`, method: 'POST', data: { pc: 1, ...target } }),
  rollback: (id: string) => request({ url: `${model(id)}/Actions/RollbackTemplate` }),
  /** Released models, for relation-form fields. */
  selector: async () => (await request<{ list: ModelOption[] }>({ url: `${MODELS}/Selector` })).data!.list,
  formFields: async (id: string) =>
    (await request<{ list: ModelField[] }>({ url: `${model(id)}/FormDataFields` })).data!.list,
};
