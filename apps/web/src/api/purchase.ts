import type { PageResult } from '@atrium/shared';
import { request } from './request.ts';

/** One purchase (a flow instance of the template `purchase`) as the purchase lists show it. */
export interface PurchaseItem {
  /** The flow instance. */
  id: string;
  /** The published version it runs on: the detail page's `flowId`. */
  flowId: string;
  billNo: string;
  title: string;
  /** "name/account" of the applicant. */
  applicant: string;
  supplier: string;
  amount: number;
  /** Instance status (FlowStatus). */
  status: number;
  thisStep: string;
  creatorTime: number;
  received: boolean;
  receivedTime: number | null;
  /** Approved (or at the handle node) and not received yet. */
  receivable: boolean;
}

export interface GoodsItem {
  id: string;
  name: string;
  spec: string;
  unit: string;
  stock: number;
  lastModifyTime: number | null;
}

export interface OutboundItem {
  id: string;
  goodsId: string;
  goodsName: string;
  spec: string;
  unit: string;
  quantity: number;
  receiver: string;
  reason: string;
  creatorTime: number;
  creatorUser: string;
}

export interface OutboundForm {
  goodsId: string;
  quantity: number;
  receiver: string;
  reason?: string;
}

const BASE = '/api/workflow/purchase';

/** The purchase demo's calls: purchases, receiving them into stock, the goods and their outbounds. */
export const purchaseApi = {
  purchases: async (query: object) =>
    (await request<PageResult<PurchaseItem>>({ url: `${BASE}/PurchaseList`, data: query })).data!,
  receive: (id: string) =>
    request<{ lines: number }>({ url: `${BASE}/${encodeURIComponent(id)}/Actions/Receive`, method: 'POST' }),
  goods: async (query: object) => (await request<PageResult<GoodsItem>>({ url: `${BASE}/Goods`, data: query })).data!,
  outbounds: async (query: object) =>
    (await request<PageResult<OutboundItem>>({ url: `${BASE}/Outbound`, data: query })).data!,
  registerOutbound: (form: OutboundForm) =>
    request<{ id: string; stock: number }>({ url: `${BASE}/Outbound`, method: 'POST', data: form }),
};
