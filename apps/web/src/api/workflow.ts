import type { PageResult } from '@atrium/shared';
import type { FormJson } from '@atrium/shared/forms';
import type {
  ApproverProperties,
  FlowBatchBody,
  FlowCandidatesAnswer,
  FlowCommentItem,
  FlowDelegateItem,
  FlowHandleBody,
  FlowListItem,
  FlowRecord,
  FlowStartBody,
  FlowTaskNode,
  FormOperate,
} from '@atrium/shared/workflow';
import { request } from './request.ts';

/** The workflow's calls (docs/workflow.md, "HTTP surface"); the shapes are those of @atrium/shared/workflow. */
const BASE = '/api/workflow/Engine';
const seg = (id: string) => encodeURIComponent(id);

// ---------------------------------------------------------------------------------------------
// Answers the shared wire types leave to the screens
// ---------------------------------------------------------------------------------------------

/** A template the caller may launch (`flowTemplate/PageListAll`). */
export interface LaunchableTemplate {
  id: string;
  enCode: string;
  fullName: string;
  category: string | null;
  flowType: number;
  formType: number;
  formId: string | null;
  icon: string | null;
  iconBackground: string | null;
  /** The published version's id. */
  flowId: string | null;
  description: string | null;
  sortCode: number | null;
}

/** One template (`flowTemplate/{id}`): what a new launch renders. */
export interface FlowTemplateInfo extends LaunchableTemplate {
  versionNo?: number;
  /** The form design JSON of the published version (a designed form), as text or parsed. */
  formData: string | FormJson | null;
  nodeTree?: unknown;
}

/** `flowTaskInfo` of the detail answer. */
export interface FlowTaskInfo {
  id: string;
  /** The title. */
  fullName: string;
  /** The bill number. */
  enCode: string;
  flowId: string;
  flowName: string;
  status: number;
  flowUrgent: number;
  creatorUserId: string;
  userName: string;
  startTime: number | null;
  completion: number;
  thisStep: string;
}

/** `GET FlowBefore/{id}?taskOperatorId=`: everything the detail page shows. */
export interface FlowFormInfo {
  formType: number;
  formId: string | null;
  formData: FormJson | string | null;
}

export interface FlowDetail {
  flowTaskInfo: FlowTaskInfo;
  flowTaskNodeList: FlowTaskNode[];
  flowTaskOperatorList: unknown[];
  flowTaskOperatorRecordList: FlowRecord[];
  flowTemplateInfo: { id: string; fullName: string; flowType: number; formType: number };
  /** The version's form: its kind and id, and the design it was published with (null for a code form). */
  flowFormInfo: FlowFormInfo | null;
  formOperates: FormOperate[];
  /** The current node's settings, buttons included; absent when the caller handles nothing. */
  approversProperties: Partial<ApproverProperties> | null;
  formData: Record<string, unknown> | null;
  draftData: Record<string, unknown> | null;
  noOperateAuth: boolean;
}

/** A node a picker offers: reject targets, in-progress nodes (assign), template nodes (change). */
export interface FlowNodeOption {
  nodeId: string;
  nodeName: string;
}

/** `RejectList/{operatorId}`: where this reject may go, and the reject modes allowed. */
export interface FlowRejectTargets {
  list: FlowNodeOption[];
  /** RejectType codes; absent means restart only. */
  rejectTypes?: number[];
}

/** A user `CandidateUser/{id}` offers for a candidate node. */
export interface FlowCandidateUser {
  id: string;
  fullName: string;
  organize?: string | null;
}

/** `BatchFlowSelector`: templates with batch-capable to-dos of the caller. */
export interface FlowBatchTemplate {
  id: string;
  fullName: string;
  count?: number;
}

/** One answer of `BatchOperation`, per operator id: `message` says why an item failed. */
export interface FlowBatchResult {
  id: string;
  success: boolean;
  message: string;
}

/** `flowViewCount`: the menus' and home page's counts. */
export interface FlowViewCounts {
  toBeReviewed: number;
  flowLaunch: number;
  flowDone: number;
  flowCirculate: number;
}

/** Filters of the flow lists (`FlowBefore/List/{category}`, `FlowLaunch`, `FlowMonitor`). */
export interface FlowListQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  /** Template id. */
  flowId?: string;
  startTime?: number;
  endTime?: number;
  flowUrgent?: number;
  /** FlowLaunch and FlowMonitor only. */
  status?: number;
}

export interface FlowDelegateForm {
  toUserId: string;
  /** 0 approval, 1 launch. */
  type: number;
  flowId?: string | null;
  startTime: number;
  endTime: number;
  description?: string | null;
}

export interface FlowCommentForm {
  taskId: string;
  text: string;
  image?: unknown[];
  file?: unknown[];
}

/** An answer that only carries the server's message (`msg`), which the screen toasts. */
const send = (url: string, method: 'POST' | 'PUT' | 'DELETE', data?: unknown) => request({ url, method, data });

// ---------------------------------------------------------------------------------------------
// Templates and launching
// ---------------------------------------------------------------------------------------------

/** Templates the caller may launch; the launch centre asks for all of them at once (page size 999). */
export async function listLaunchableTemplates(query: { keyword?: string; category?: string } = {}) {
  const data = { currentPage: 1, pageSize: 999, sort: 'asc', sidx: 'sortCode', ...query };
  return (await request<PageResult<LaunchableTemplate>>({ url: `${BASE}/flowTemplate/PageListAll`, data })).data!;
}

export async function getFlowTemplate(id: string) {
  return (await request<FlowTemplateInfo>({ url: `${BASE}/flowTemplate/${seg(id)}` })).data!;
}

/**
 * Starts a flow (status 0) or saves a draft (status 1). When a next node's handlers must be picked
 * first, the answer's `data` lists those nodes and nothing was created.
 */
export function startFlow(body: FlowStartBody) {
  return request<unknown>({ url: `${BASE}/FlowTask`, method: 'POST', data: body });
}

/** Updates a draft or resubmits a rejected flow. */
export function updateFlow(id: string, body: FlowStartBody) {
  return request<unknown>({ url: `${BASE}/FlowTask/${seg(id)}`, method: 'PUT', data: body });
}

/** A draft (or a rejected flow of mine) as `FlowTask/{id}` answers it, to be edited and submitted. */
export interface FlowTaskDraft {
  id: string;
  flowId: string;
  fullName?: string;
  flowUrgent?: number;
  /** The form's values, as JSON text or parsed. */
  formData: string | Record<string, unknown> | null;
}

export async function getFlowTask(id: string) {
  return (await request<FlowTaskDraft>({ url: `${BASE}/FlowTask/${seg(id)}` })).data!;
}

/** Which next nodes need a branch or candidates: `id` is an operator id, or for a new launch the template id. */
export async function getCandidates(id: string, body: { formData: Record<string, unknown> }) {
  return (
    await request<FlowCandidatesAnswer>({ url: `${BASE}/FlowBefore/Candidates/${seg(id)}`, method: 'POST', data: body })
  ).data!;
}

/** Users a candidate node may take: `id` as for getCandidates, `nodeCode` the candidate node. */
export async function getCandidateUsers(
  id: string,
  body: {
    nodeCode: string;
    formData: Record<string, unknown>;
    keyword?: string;
    currentPage: number;
    pageSize: number;
  },
) {
  return (
    await request<PageResult<FlowCandidateUser>>({
      url: `${BASE}/FlowBefore/CandidateUser/${seg(id)}`,
      method: 'POST',
      data: body,
    })
  ).data!;
}

// ---------------------------------------------------------------------------------------------
// Detail and handling
// ---------------------------------------------------------------------------------------------

/** The detail of an instance as the view sees it; a CC row named by `circulateId` is marked read. */
export async function getFlowDetail(
  id: string,
  query: { taskOperatorId?: string; taskNodeId?: string; circulateId?: string } = {},
) {
  return (await request<FlowDetail>({ url: `${BASE}/FlowBefore/${seg(id)}`, data: query })).data!;
}

/** The handling calls on one operator (to-do) of the caller. */
export const handle = {
  approve: (operatorId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowBefore/Audit/${seg(operatorId)}`, 'POST', body),
  saveDraft: (operatorId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowBefore/SaveAudit/${seg(operatorId)}`, 'POST', body),
  reject: (operatorId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowBefore/Reject/${seg(operatorId)}`, 'POST', body),
  transfer: (operatorId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowBefore/Transfer/${seg(operatorId)}`, 'POST', body),
  addSign: (operatorId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowBefore/freeApprover/${seg(operatorId)}`, 'POST', body),
  /** Takes back the caller's own approval: `recordId` is the done list's row. */
  recall: (recordId: string, body: FlowHandleBody) => send(`${BASE}/FlowBefore/Recall/${seg(recordId)}`, 'POST', body),
};

/**
 * Every visible approval record of an instance, oldest first: the source of the record tab's
 * summary by node or by user (the server answers the flat list; the screen groups it).
 */
/** Who delegated launching this template to the caller and may be launched for now. */
export async function getLaunchDelegators(flowId: string) {
  return (
    (
      await request<{ id: string; fullName: string }[]>({
        url: `${BASE}/FlowDelegate/ToMe`,
        data: { type: 1, flowId },
        quiet: true,
      })
    ).data ?? []
  );
}

export async function getRecordList(instanceId: string) {
  return (await request<FlowRecord[]>({ url: `${BASE}/FlowBefore/RecordList/${seg(instanceId)}` })).data ?? [];
}

export async function getRejectTargets(operatorId: string) {
  return (await request<FlowRejectTargets>({ url: `${BASE}/FlowBefore/RejectList/${seg(operatorId)}` })).data!;
}

/** The monitor's calls on an instance. */
export const monitor = {
  terminate: (instanceId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowBefore/Cancel/${seg(instanceId)}`, 'POST', body),
  assign: (instanceId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowBefore/Assign/${seg(instanceId)}`, 'POST', body),
  /** Moves a running flow to `nodeCode` (change). */
  change: (body: FlowHandleBody & { taskId: string; resurgence?: boolean }) =>
    send(`${BASE}/FlowBefore/Change`, 'POST', body),
  suspend: (instanceId: string) => send(`${BASE}/FlowMonitor/${seg(instanceId)}/Actions/Suspend`, 'PUT'),
  restore: (instanceId: string) => send(`${BASE}/FlowMonitor/${seg(instanceId)}/Actions/Restore`, 'PUT'),
};

/** In-progress nodes of an instance (assign). */
export async function getCurrentNodes(instanceId: string) {
  return (await request<FlowNodeOption[]>({ url: `${BASE}/FlowBefore/Selector/${seg(instanceId)}` })).data ?? [];
}

/** Every node of an instance's template version (change). */
export async function getTemplateNodes(instanceId: string) {
  return (await request<FlowNodeOption[]>({ url: `${BASE}/FlowBefore/NodeSelector/${seg(instanceId)}` })).data ?? [];
}

/** The initiator's calls on his own instance. */
export const launch = {
  withdraw: (instanceId: string, body: FlowHandleBody) =>
    send(`${BASE}/FlowLaunch/${seg(instanceId)}/Actions/Withdraw`, 'PUT', body),
  urge: (instanceId: string) => send(`${BASE}/FlowLaunch/Press/${seg(instanceId)}`, 'POST'),
  remove: (instanceId: string) => send(`${BASE}/FlowLaunch/${seg(instanceId)}`, 'DELETE'),
};

// ---------------------------------------------------------------------------------------------
// Lists and counts
// ---------------------------------------------------------------------------------------------

/** 1 to-do, 2 done, 3 CC, 4 batch-capable to-dos (FlowListCategory). */
export async function listFlowTasks(category: number, query: FlowListQuery) {
  return (await request<PageResult<FlowListItem>>({ url: `${BASE}/FlowBefore/List/${category}`, data: query })).data!;
}

export async function listMyLaunches(query: FlowListQuery) {
  return (await request<PageResult<FlowListItem>>({ url: `${BASE}/FlowLaunch`, data: query })).data!;
}

export async function listMonitored(query: FlowListQuery) {
  return (await request<PageResult<FlowListItem>>({ url: `${BASE}/FlowMonitor`, data: query })).data!;
}

export async function getFlowViewCounts() {
  return (await request<FlowViewCounts>({ url: '/api/workflow/form/dispatch/flowViewCount', method: 'POST', data: {} }))
    .data!;
}

export async function listBatchTemplates() {
  return (await request<FlowBatchTemplate[]>({ url: `${BASE}/FlowBefore/BatchFlowSelector` })).data ?? [];
}

/**
 * Which next nodes of one batch to-do (an operator id) want a branch or candidates picked. Quiet: a
 * to-do handled meanwhile is reported by the batch's own result for it.
 */
export async function getBatchCandidates(taskOperatorId: string) {
  return (
    await request<FlowCandidatesAnswer>({
      url: `${BASE}/FlowBefore/BatchCandidate`,
      data: { taskOperatorId },
      quiet: true,
    })
  ).data!;
}

export async function batchOperation(body: FlowBatchBody) {
  return request<FlowBatchResult[]>({ url: `${BASE}/FlowBefore/BatchOperation`, method: 'POST', data: body });
}

// ---------------------------------------------------------------------------------------------
// Delegation and comments
// ---------------------------------------------------------------------------------------------

export const delegateApi = {
  list: async (query: { currentPage: number; pageSize: number; keyword?: string; type?: number }) =>
    (await request<PageResult<FlowDelegateItem>>({ url: `${BASE}/FlowDelegate`, data: query })).data!,
  info: async (id: string) => (await request<FlowDelegateItem>({ url: `${BASE}/FlowDelegate/${seg(id)}` })).data!,
  create: (body: FlowDelegateForm) => send(`${BASE}/FlowDelegate`, 'POST', body),
  update: (id: string, body: FlowDelegateForm) => send(`${BASE}/FlowDelegate/${seg(id)}`, 'PUT', body),
  remove: (id: string) => send(`${BASE}/FlowDelegate/${seg(id)}`, 'DELETE'),
};

export const commentApi = {
  /** Answers the comments newest first; a paged answer is read as its list. */
  list: async (taskId: string): Promise<FlowCommentItem[]> => {
    const data = (
      await request<FlowCommentItem[] | PageResult<FlowCommentItem>>({
        url: `${BASE}/FlowComment`,
        data: { taskId, currentPage: 1, pageSize: 100 },
      })
    ).data;
    return Array.isArray(data) ? data : (data?.list ?? []);
  },
  create: (body: FlowCommentForm) => send(`${BASE}/FlowComment`, 'POST', body),
  remove: (id: string) => send(`${BASE}/FlowComment/${seg(id)}`, 'DELETE'),
};
