import { z } from 'zod';
import { pageQuery } from '../../../core/paging.ts';
import { plainText, recordId } from '../../../core/record-schema.ts';
import { pageOfSchema } from '../../../core/response-schema.ts';

export const purchaseListQuery = pageQuery.extend({
  /** '' every state; otherwise one instance status (1 running ... 5 cancelled). */
  status: z.enum(['', '1', '2', '3', '4', '5']).optional().default(''),
  /** '1': only purchases the warehouse may receive now (approved or at the handle node, not received). */
  receivable: z.enum(['', '0', '1']).optional().default(''),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuery>;

const purchaseItem = z.object({
  /** The flow instance. */
  id: z.string(),
  /** The published version it runs on (the detail page's `flowId`). */
  flowId: z.string(),
  billNo: z.string(),
  title: z.string(),
  /** "name/account" of the applicant. */
  applicant: z.string(),
  supplier: z.string(),
  /** The form's total amount. */
  amount: z.number(),
  status: z.number(),
  /** The node(s) the purchase waits at, while running. */
  thisStep: z.string(),
  creatorTime: z.number(),
  received: z.boolean(),
  receivedTime: z.number().nullable(),
  /** Approved (or at the handle node) and not yet received. */
  receivable: z.boolean(),
});
export type PurchaseItem = z.infer<typeof purchaseItem>;
export const purchasePage = pageOfSchema(purchaseItem);

export const goodsListQuery = pageQuery;
const goodsItem = z.object({
  id: z.string(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  stock: z.number(),
  lastModifyTime: z.number().nullable(),
});
export type GoodsItem = z.infer<typeof goodsItem>;
export const goodsPage = pageOfSchema(goodsItem);

export const receiveParams = z.object({ id: recordId });
export const receiveAnswer = z.object({
  /** The goods lines received (one per name and specification). */
  lines: z.number(),
});

export const outboundListQuery = pageQuery;
const outboundItem = z.object({
  id: z.string(),
  goodsId: z.string(),
  goodsName: z.string(),
  spec: z.string(),
  unit: z.string(),
  quantity: z.number(),
  receiver: z.string(),
  reason: z.string(),
  creatorTime: z.number(),
  /** "name/account" of who registered it. */
  creatorUser: z.string(),
});
export type OutboundItem = z.infer<typeof outboundItem>;
export const outboundPage = pageOfSchema(outboundItem);

export const outboundBody = z.object({
  goodsId: recordId,
  quantity: z.number().int().min(1).max(1_000_000_000),
  receiver: plainText().min(1).max(50),
  reason: plainText().max(200).optional().default(''),
});
export type OutboundBody = z.infer<typeof outboundBody>;
export const outboundAnswer = z.object({ id: z.string(), stock: z.number() });
