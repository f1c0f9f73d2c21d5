import type { PageResult } from '@atrium/shared';
import type { FlowNode } from '@atrium/shared/workflow';
import { request, RequestError } from './request.ts';

/** Flow templates as administrators design and publish them (docs/workflow.md "Templates"). */

export interface FlowTemplateSummary {
  id: string;
  enCode: string;
  fullName: string;
  category: string;
  /** 0 launched by staff, 1 bound to a function. */
  flowType: number;
  /** 1 a designed form, 2 a code form. */
  formType: number;
  formId: string | null;
  formName: string | null;
  icon: string | null;
  iconBackground: string | null;
  enabledMark: number;
  sortCode: number;
  /** The published version number, null before the first publish. */
  currentVersion: number | null;
  hasDraft: boolean;
  creatorTime: number;
  lastModifyTime: number | null;
  description: string | null;
}

export interface FlowTemplateInfo extends FlowTemplateSummary {
  /** The published version's id, null before the first publish. */
  flowId: string | null;
  versionNo: number | null;
  nodeTree: FlowNode | null;
  draftTree: FlowNode | null;
  /** The form design JSON of the version, as text. */
  formData: string | null;
  version: number;
}

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

export interface FlowTemplateVersion {
  id: string;
  versionNo: number;
  /** draft, published or archived. */
  state: string;
  publishedAt: number | null;
  publishedBy: string | null;
  instanceCount: number;
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
