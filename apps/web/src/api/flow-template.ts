import type { PageResult } from '@atrium/shared';
import type { FlowNode, FlowTemplateInfo, FlowTemplateItem, FlowTemplateVersionItem } from '@atrium/shared/workflow';
import { request, RequestError } from './request.ts';

/** Flow templates as administrators design and publish them (docs/workflow.md "Templates"). */

// The answers' shapes are the server's, in the shared workflow types.
export type FlowTemplateSummary = FlowTemplateItem;
export type { FlowTemplateInfo };
export type FlowTemplateVersion = FlowTemplateVersionItem;

/** What the create dialog and the designer save besides the tree. */
export interface FlowTemplateFields {
  enCode: string;
  fullName: string;
  category: string;
  flowType: number;
  formType: number;
  formId: string | null;
  icon: string | null;
  iconBackground: string | null;
  description: string | null;
  sortCode: number;
}

export interface FlowTemplateQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  category?: string;
  flowType?: number | '';
  enabledMark?: number | '';
}

/** A publish check failure as the server lists it: the node it concerns and why. */
export interface FlowPublishProblem {
  nodeId: string;
  key?: string;
  message: string;
}

const BASE = '/api/workflow/Engine/flowTemplate';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const flowTemplateApi = {
  list: async (query: FlowTemplateQuery) =>
    (await request<PageResult<FlowTemplateSummary>>({ url: BASE, data: query })).data!,
  info: async (id: string) => (await request<FlowTemplateInfo>({ url: one(id) })).data!,
  create: async (body: FlowTemplateFields & { nodeTree?: FlowNode }) =>
    (await request<{ id: string }>({ url: BASE, method: 'POST', data: body })).data!.id,
  /** Saves the fields and the draft tree under the version read; 409 when someone saved meanwhile. */
  update: (id: string, body: FlowTemplateFields & { nodeTree: FlowNode | null; version: number }) =>
    request({ url: one(id), method: 'PUT', data: body }),
  /** The publish checks' refusal is shown by the caller, problem by problem, not as a toast. */
  publish: (id: string) => request({ url: `${one(id)}/Actions/Publish`, method: 'POST', quiet: true }),
  setState: (id: string, enabledMark: number) =>
    request({ url: `${one(id)}/Actions/State`, method: 'PUT', data: { enabledMark } }),
  copy: (id: string) => request<{ id: string }>({ url: `${one(id)}/Actions/Copy`, method: 'POST' }),
  /** The template and its draft as the JSON an import takes back. */
  exportFile: async (id: string) => (await request<unknown>({ url: `${one(id)}/Actions/Export` })).data,
  importFile: (data: unknown) =>
    request<{ id: string }>({ url: `${BASE}/Actions/Import`, method: 'POST', data: { data } }),
  versions: async (id: string) => (await request<FlowTemplateVersion[]>({ url: `${one(id)}/Versions` })).data!,
  remove: (id: string) => request({ url: one(id), method: 'DELETE' }),
};

/** The problems a refused publish listed (`data` of the 400), or none when it failed otherwise. */
export function publishProblems(error: unknown): FlowPublishProblem[] {
  if (!(error instanceof RequestError)) return [];
  const data = error.response?.data;
  return Array.isArray(data)
    ? data.filter((p): p is FlowPublishProblem => typeof (p as FlowPublishProblem)?.message === 'string')
    : [];
}
