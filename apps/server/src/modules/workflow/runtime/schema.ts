/** Request bodies and answers of the launching and handling calls (docs/workflow.md, types.ts). */
import { z } from 'zod';
import { pageQuery } from '../../../core/paging.ts';
import { idText, pageOfSchema } from '../../../core/response-schema.ts';
import { recordId } from '../../../core/record-schema.ts';

export { idParams } from '../../../core/record-schema.ts';

const userIdList = z.array(z.string().max(64)).max(500);
const pickMap = z.record(z.string().max(100), userIdList);
const formData = z.record(z.string().max(200), z.unknown());
const requestId = z.string().trim().min(1).max(100).optional();

export const startBody = z.object({
  id: z.string().max(64).optional(),
  flowId: recordId,
  formData: formData.optional().default({}),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  flowUrgent: z.number().int().optional(),
  flowTitle: z.string().max(200).optional(),
  billNo: z.string().max(100).optional(),
  candidateList: pickMap.optional(),
  errorRuleUserList: pickMap.optional(),
  branchList: z.array(z.string().max(100)).max(100).optional(),
  delegateUserList: userIdList.optional(),
  copyIds: z.string().max(5000).optional(),
  requestId,
});

export const handleBody = z.object({
  handleOpinion: z.string().max(2000).optional(),
  signImg: z.string().max(500_000).optional(),
  fileList: z.array(z.unknown()).max(50).optional(),
  formData: formData.optional(),
  copyIds: z.string().max(5000).optional(),
  freeApproverUserId: z.string().max(5000).optional(),
  freeApproverType: z.number().int().min(1).max(2).optional(),
  nodeCode: z.string().max(100).optional(),
  candidateList: pickMap.optional(),
  errorRuleUserList: pickMap.optional(),
  branchList: z.array(z.string().max(100)).max(100).optional(),
  rejectStep: z.string().max(100).optional(),
  rejectType: z.number().int().min(1).max(2).optional(),
  requestId,
});
export type HandleBody = z.infer<typeof handleBody>;
/** The handling calls may come without a body (an approval with nothing to say). */
export const optionalHandleBody = handleBody.optional();

export const changeBody = handleBody.extend({
  taskId: recordId,
  nodeCode: z.string().min(1).max(100),
  resurgence: z.boolean().optional().default(false),
});

export const batchBody = handleBody.extend({
  ids: z.array(recordId).min(1).max(200),
  batchType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});

export const detailQuery = z.object({
  taskOperatorId: z.string().max(64).optional(),
  taskNodeId: z.string().max(64).optional(),
  flowId: z.string().max(64).optional(),
  circulateId: z.string().max(64).optional(),
});

export const candidatesBody = z.object({ formData: formData.optional(), branchList: z.array(z.string()).optional() });

export const candidateUserBody = pageQuery.pick({ keyword: true, currentPage: true, pageSize: true }).extend({
  nodeCode: z.string().min(1).max(100),
  formData: formData.optional(),
});

export const batchCandidateQuery = z.object({ taskOperatorId: recordId });

/** The token of a callback (43 characters as handed out; anything else is simply unknown). */
export const callbackParams = z.object({ token: z.string().max(200) });
/** A callback's answer: any JSON, mapped into the form by the step's `responseMap`. */
export const callbackBody = z.unknown();
/** The largest answer a callback may post: an answer fills form fields, not files. */
export const CALLBACK_BODY_LIMIT = 1024 * 1024;

// ---- Answers --------------------------------------------------------------------------------

const pickNode = z.object({ nodeId: z.string(), nodeName: z.string() });

/** A launch: the instance id, or the nodes whose handlers must be picked first (nothing created). */
export const launchAnswer = z.union([z.object({ id: idText }), z.array(pickNode)]);
/** An action: nothing, or (approve) the nodes whose handlers must be picked first. */
export const actionAnswer = z.union([z.null(), z.array(pickNode)]);

export const draftAnswer = z.object({
  id: idText,
  flowId: idText,
  templateId: idText,
  status: z.number(),
  flowTitle: z.string(),
  flowUrgent: z.number(),
  billNo: z.string(),
  formData,
  candidateList: pickMap,
  branchList: z.array(z.string()),
});

export const recordItem = z.object({
  id: idText,
  nodeId: z.string(),
  nodeName: z.string(),
  handleId: z.string(),
  userName: z.string(),
  handleTime: z.number(),
  handleStatus: z.number(),
  handleOpinion: z.string().nullable(),
  signImg: z.string().nullable(),
  fileList: z.array(z.unknown()),
  operatorId: z.string().nullable(),
  targetUserNames: z.string().nullable(),
});

export const rejectListAnswer = z.object({ list: z.array(pickNode) });

export const candidatesAnswer = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  list: z.array(
    z.object({
      nodeId: z.string(),
      nodeName: z.string(),
      isBranchFlow: z.boolean(),
      isCandidates: z.boolean(),
      hasCandidates: z.boolean(),
    }),
  ),
  countersignOver: z.boolean(),
});

export const candidateUserAnswer = pageOfSchema(
  z.object({ id: idText, fullName: z.string(), account: z.string(), organize: z.string(), headIcon: z.string() }),
);

export const nodeSelectorAnswer = z.array(z.object({ nodeId: z.string(), nodeName: z.string(), nodeType: z.string() }));

export const infoAnswer = z.object({
  id: idText,
  taskId: idText,
  flowId: idText,
  nodeId: z.string(),
  nodeName: z.string(),
  state: z.string(),
  actionable: z.boolean(),
});

export const batchAnswer = z.array(z.object({ id: z.string(), success: z.boolean(), message: z.string() }));

const handler = z.object({
  userId: z.string(),
  userName: z.string(),
  state: z.string(),
  handleStatus: z.number().nullable(),
});

export const detailAnswer = z.object({
  flowTaskInfo: z.object({
    id: idText,
    flowId: idText,
    templateId: idText,
    flowCode: z.string(),
    flowName: z.string(),
    flowCategory: z.string(),
    flowType: z.number(),
    flowVersion: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    flowUrgent: z.number(),
    status: z.number(),
    creatorUserId: z.string(),
    userName: z.string(),
    delegateUser: z.string().nullable(),
    startTime: z.number().nullable(),
    endTime: z.number().nullable(),
    creatorTime: z.number(),
    completion: z.number(),
    thisStep: z.string(),
    thisStepId: z.string(),
    parentId: z.string().nullable(),
    isAsync: z.boolean(),
    version: z.number(),
  }),
  flowTaskNodeList: z.array(
    z.object({
      nodeId: z.string(),
      nodeName: z.string(),
      nodeType: z.string(),
      type: z.enum(['past', 'current', 'future']),
      userName: z.string(),
      handlers: z.array(handler),
    }),
  ),
  flowTaskOperatorList: z.array(
    z.object({
      id: idText,
      taskNodeId: idText,
      nodeCode: z.string(),
      nodeName: z.string(),
      handleId: z.string(),
      userName: z.string(),
      originalHandleId: z.string().nullable(),
      source: z.string(),
      state: z.string(),
      handleStatus: z.number().nullable(),
      creatorTime: z.number(),
      handleTime: z.number().nullable(),
      parentId: z.string().nullable(),
    }),
  ),
  flowTaskOperatorRecordList: z.array(recordItem),
  flowTemplateInfo: z.object({
    id: idText,
    flowId: idText,
    enCode: z.string(),
    fullName: z.string(),
    category: z.string(),
    flowType: z.number(),
    formType: z.number(),
    formId: z.string().nullable(),
    versionNo: z.number(),
    nodeTree: z.unknown(),
  }),
  flowFormInfo: z.object({ formType: z.number(), formId: z.string().nullable(), formData: z.unknown() }),
  formOperates: z.array(
    z.object({
      id: z.string(),
      name: z.string().optional(),
      read: z.boolean(),
      write: z.boolean(),
      required: z.boolean().optional(),
    }),
  ),
  approversProperties: z.record(z.string(), z.unknown()),
  formData,
  draftData: formData.nullable(),
  noOperateAuth: z.boolean(),
  opType: z.number(),
  taskOperatorId: z.string().nullable(),
  nodeId: z.string().nullable(),
});
