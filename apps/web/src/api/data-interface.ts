import type { PageResult } from '@atrium/shared';
import { request, requestRaw } from './request.ts';

const BASE = '/api/system/DataInterface';
const part = encodeURIComponent;

/** 1 SQL, 2 static JSON, 3 HTTP API. */
export type DataInterfaceType = 1 | 2 | 3;
export const PARAMETER_TYPES = ['varchar', 'int', 'datetime', 'decimal', 'bigint', 'text'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export interface RequestParameter {
  field: string;
  dataType: ParameterType;
  defaultValue: string;
  required: 0 | 1;
  fieldName?: string;
}

export interface DataInterfaceForm {
  categoryId: string;
  fullName: string;
  enCode: string;
  dataType: DataInterfaceType;
  requestMethod: string;
  checkType: 0 | 1;
  query: string;
  requestParameters: RequestParameter[];
  requestHeaders: { field: string; value: string }[];
  dataProcessing: string;
  propertyJson: { countSql: string; echoSql: string; pageParameters: string; echoParameters: string };
  enabledMark: 0 | 1;
  sortCode: number;
  description: string;
}

export interface DataInterfaceInfo extends DataInterfaceForm {
  id: string;
  version: number;
}

export interface DataInterfaceListItem {
  id: string;
  fullName: string;
  enCode: string;
  categoryId: string;
  categoryName: string;
  dataType: DataInterfaceType;
  requestMethod: string;
  checkType: 0 | 1;
  enabledMark: number;
  sortCode: number;
  description: string;
  creatorTime: number;
  creatorUser: string;
  lastModifyTime: number | null;
}

export interface DataInterfaceCategoryNode {
  id: string;
  fullName: string;
  enCode: string;
  type: 'category' | 'interface';
  children: DataInterfaceCategoryNode[];
}

export interface DataInterfaceLog {
  id: string;
  invokTime: number;
  userId: string;
  userName: string;
  invokWasteTime: number;
  invokIp: string;
  invokDevice: string;
  invokType: string;
  isSuccess: 0 | 1;
  errorMessage: string;
}

export interface PreviewRequest {
  paramList: { field: string; value: string }[];
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
}

/** Data interfaces. */
export const dataInterfaceApi = {
  list: async (query: object) => (await request<PageResult<DataInterfaceListItem>>({ url: BASE, data: query })).data!,
  /** Categories with their enabled interfaces. */
  selector: async () => (await request<{ list: DataInterfaceCategoryNode[] }>({ url: `${BASE}/Selector` })).data!.list,
  info: async (id: string) => (await request<DataInterfaceInfo>({ url: `${BASE}/${part(id)}` })).data!,
  /** The parameters an interface declares; any signed-in user may ask (designers of flows and forms map them). */
  params: async (id: string) => (await request<RequestParameter[]>({ url: `${BASE}/GetParam/${part(id)}` })).data ?? [],
  create: (body: DataInterfaceForm) => request({ url: BASE, method: 'POST', data: body }),
  update: (id: string, body: DataInterfaceForm & { version?: number }) =>
    request({ url: `${BASE}/${part(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `${BASE}/${part(id)}`, method: 'DELETE' }),
  stateUrl: (id: string) => `${BASE}/${part(id)}/Actions/State`,
  /**
   * The test run: the data as the interface answers it; a refusal rejects with the server's message,
   * which the runner shows beside its parameters (so it is not also toasted over the drawer).
   */
  preview: async (id: string, body: PreviewRequest) =>
    (await request<unknown>({ url: `${BASE}/${part(id)}/Actions/Preview`, method: 'POST', data: body, quiet: true }))
      .data,
  /** The definition file: parsed JSON, or a Blob for xlsx. */
  export: (id: string, format: 'json' | 'xlsx') =>
    requestRaw({ url: `${BASE}/${part(id)}/Action/Export`, data: { format } }),
  logs: async (id: string, query: object) =>
    (await request<PageResult<DataInterfaceLog>>({ url: `/api/system/DataInterfaceLog/${part(id)}`, data: query }))
      .data!,
};
