import {
  FlowStatus,
  type FlowBatchSelectorItem,
  type FlowCommentItem,
  type FlowDelegateItem,
  type FlowListItem,
  type FlowOpenReceipt,
  type FlowReceipt,
  type FlowViewCount,
} from '@atrium/shared/workflow';
import { z } from 'zod';
import { pageQuery } from '../../../core/paging.ts';
import { recordId } from '../../../core/record-schema.ts';
import { epochMs, idText, pageOfSchema } from '../../../core/response-schema.ts';
import { optionalInt } from '../template/schema.ts';

export { idParams } from '../../../core/record-schema.ts';

const optionalText = z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(64).optional());
const optionalTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(0).optional(),
);

/** The filters every flow list takes (docs/workflow.md, "Lists"). */
export const flowListQuery = pageQuery.extend({
  /** A template id, or one of its version ids. */
  flowId: optionalText,
  startTime: optionalTime,
  endTime: optionalTime,
  flowUrgent: optionalInt(1, 3),
});
export type FlowListQuery = z.infer<typeof flowListQuery>;

export const listParams = z.object({ category: z.coerce.number().int().min(1).max(4) });

export const launchListQuery = flowListQuery.extend({ status: optionalInt(FlowStatus.draft, FlowStatus.suspended) });
export const monitorListQuery = launchListQuery.extend({ creatorUserId: optionalText });
export type LaunchListQuery = z.infer<typeof monitorListQuery>;

/** One row of the to-do, done, CC and launch lists: FlowListItem of types.ts. */
export const flowListItem = z.object({
  id: idText,
  taskId: idText,
  enCode: z.string(),
  fullName: z.string(),
  flowId: idText,
  flowCode: z.string(),
  flowName: z.string(),
  flowCategory: z.string(),
  flowVersion: z.string(),
  flowUrgent: z.number(),
  status: z.number(),
  startTime: epochMs.nullable(),
  creatorTime: epochMs,
  creatorUserId: idText,
  userName: z.string(),
  thisStep: z.string(),
  thisStepId: z.string(),
  nodeName: z.string(),
  completion: z.number(),
  endTime: epochMs.nullable(),
  delegateUser: z.string().nullable(),
  description: z.string().nullable(),
}) satisfies z.ZodType<FlowListItem>;
export const flowListAnswer = pageOfSchema(flowListItem);

export const viewListBody = z.object({
  /** 1 to-do, 2 done, 3 CC, 4 my launches. */
  type: z.coerce.number().int().min(1).max(4).optional().default(1),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
  keyword: z.string().trim().max(100).optional().default(''),
});

export const viewCountAnswer = z.object({
  toBeReviewed: z.number(),
  flowLaunch: z.number(),
  flowDone: z.number(),
  flowCirculate: z.number(),
}) satisfies z.ZodType<FlowViewCount>;

export const batchSelectorAnswer = z.array(
  z.object({
    id: idText,
    enCode: z.string(),
    fullName: z.string(),
    count: z.number(),
  }) satisfies z.ZodType<FlowBatchSelectorItem>,
);

// ---- Receipts --------------------------------------------------------------------------------

export const receiptCodeQuery = z.object({ code: z.string().trim().min(1).max(100) });
export const receiptIdQuery = z.object({ id: recordId });

export const receiptAnswer = z.object({
  id: idText,
  billNo: z.string(),
  title: z.string(),
  flowName: z.string(),
  flowVersion: z.string(),
  status: z.number(),
  userName: z.string(),
  startTime: epochMs.nullable(),
  endTime: epochMs.nullable(),
  records: z.array(
    z.object({
      nodeName: z.string(),
      userName: z.string(),
      handleTime: epochMs,
      handleStatus: z.number(),
      handleOpinion: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<FlowReceipt>;
export const receiptCodeAnswer = z.object({ code: z.string() });
export const openReceiptAnswer = pageOfSchema(
  z.object({
    id: idText,
    code: z.string(),
    title: z.string(),
    flowName: z.string(),
    endTime: epochMs.nullable(),
  }) satisfies z.ZodType<FlowOpenReceipt>,
);

// ---- Delegation ------------------------------------------------------------------------------

export const delegateListQuery = pageQuery.extend({ type: optionalInt(0, 1) });

/** Who delegates to the caller now: launching (1, the default) or approvals (0), for a template. */
export const delegatorQuery = z.object({
  type: optionalInt(0, 1),
  /** A template or version id; without one, delegations of any template. */
  flowId: recordId.optional(),
});

export const delegatorAnswer = z.array(z.object({ id: idText, fullName: z.string() }));

export const delegateBody = z.object({
  toUserId: recordId,
  /** 0 approval, 1 launch. */
  type: z.number().int().min(0).max(1).optional().default(0),
  /** Template ids, comma-separated; empty or absent for every template. */
  flowId: z.string().max(2000).nullish(),
  startTime: z.number().int().min(0),
  endTime: z.number().int().min(0),
  description: z.string().max(500).nullish(),
  enabledMark: z.number().int().min(0).max(1).optional().default(1),
});
export type DelegateBody = z.infer<typeof delegateBody>;

export const delegateItem = z.object({
  id: idText,
  userId: idText,
  userName: z.string(),
  toUserId: idText,
  toUserName: z.string(),
  type: z.number(),
  flowId: z.string().nullable(),
  flowName: z.string().nullable(),
  startTime: epochMs,
  endTime: epochMs,
  description: z.string().nullable(),
  enabled: z.number(),
}) satisfies z.ZodType<FlowDelegateItem>;
export const delegateListAnswer = pageOfSchema(delegateItem);

// ---- Comments --------------------------------------------------------------------------------

export const commentListQuery = pageQuery.extend({ taskId: recordId });

export const commentBody = z.object({
  taskId: recordId,
  text: z.string().trim().min(1).max(2000),
  image: z.array(z.unknown()).max(20).optional().default([]),
  file: z.array(z.unknown()).max(20).optional().default([]),
});

export const commentItem = z.object({
  id: idText,
  taskId: idText,
  text: z.string(),
  image: z.array(z.unknown()),
  file: z.array(z.unknown()),
  creatorUserId: idText,
  creatorUserName: z.string(),
  creatorTime: epochMs,
  isDel: z.boolean(),
}) satisfies z.ZodType<FlowCommentItem>;
export const commentListAnswer = pageOfSchema(commentItem);
export const createdAnswer = z.object({ id: idText });
