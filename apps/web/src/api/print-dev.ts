import type { PageResult } from '@atrium/shared';
import { resourceApi } from './resource.ts';
import { request, requestRaw } from './request.ts';

/** Print templates (/api/system/printDev; their SQL: docs/admin-sql.md). */

/** One approval record: printed by {systemApprovalContent}. */
export interface ApprovalRecord {
  nodeName: string;
  userName: string;
  handleTime: number | string | null;
  handleStatus: number | string | null;
  handleOpinion: string | null;
}

/** The record's data: main fields, and child tables T1, T2... as lists of rows. */
export type PrintData = Record<string, unknown>;

/** Paper, orientation and margins (mm) of a print template's page. */
export interface PageParam {
  paper: 'A4' | 'A5' | 'Letter';
  orientation: 'portrait' | 'landscape';
  marginTop: number;
  marginRight: number;
  marginBottom: number;
  marginLeft: number;
}

/** 1 flow form, 2 function form. */
export type PrintType = 1 | 2;

export interface PrintListItem {
  id: string;
  fullName: string;
  enCode: string;
  /** printCategory dictionary item code, and its name (the code when the dictionary lacks it). */
  category: string;
  categoryName: string;
  type: PrintType;
  enabledMark: number;
  sortCode: number;
  description: string;
  creatorTime: number;
  creatorUser: string;
  lastModifyTime: number | null;
}

export interface PrintForm {
  fullName: string;
  enCode: string;
  category: string;
  type: PrintType;
  sqlTemplate: string;
  printTemplate: string;
  pageParam: PageParam;
  enabledMark: number;
  sortCode: number;
  description: string;
}

export interface PrintInfo extends PrintForm {
  id: string;
  version: number;
}

/** A node of the designer's field tree: headTable / T1... with their fields. */
export interface PrintFieldNode {
  id: string;
  fullName: string;
  table: string;
  field: string;
  hasChildren: boolean;
  children?: PrintFieldNode[];
}

export interface PrintDataAnswer {
  printData: PrintData;
  printTemplate: string;
  operatorRecordList: ApprovalRecord[];
  fullName: string;
  pageParam: PageParam;
}

export interface PrintSelectorNode {
  id: string;
  fullName: string;
  enCode: string;
  isCategory?: boolean;
  type?: PrintType;
  children?: PrintSelectorNode[];
}

const BASE = '/api/system/printDev';
const base = resourceApi<PrintListItem, PrintInfo, PrintForm & { version?: number }>(BASE);
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const printDevApi = {
  ...base,
  list: (query: object) => base.list(query) as Promise<PageResult<PrintListItem>>,
  copy: (id: string) => request<{ id: string }>({ url: `${at(id)}/Actions/Copy`, method: 'POST' }),
  /** The template as a JSON file (passed through without the code check, like every export). */
  exportFile: (id: string) => requestRaw<unknown>({ url: `${at(id)}/Actions/Export` }),
  fields: async (sqlTemplate: string) =>
    (await request<{ list: PrintFieldNode[] }>({ url: `${BASE}/Fields`, method: 'POST', data: { sqlTemplate } })).data!
      .list,
  data: async (id: string, formId: string) =>
    (await request<PrintDataAnswer>({ url: `${BASE}/Data`, data: { id, formId } })).data!,
  selector: async (type?: PrintType) =>
    (await request<{ list: PrintSelectorNode[] }>({ url: `${BASE}/Selector`, data: type ? { type } : {} })).data!.list,
};
