/**
 * Test templates written straight into the tables (a published version with the given tree), and
 * small builders of node trees, for the runtime's tests.
 */
import type {
  ApproverNode,
  ApproverProperties,
  ConditionBranch,
  ConditionNode,
  CopyNode,
  FlowNode,
  ParallelNode,
  StartNode,
  StartProperties,
} from '@atrium/shared/workflow';
import { newId } from '../../../core/ids.ts';
import type { Db } from '../../../db/index.ts';

/** Links nodes into a chain: each one's `childNode` is the next. */
export function chain<T extends FlowNode>(head: T, ...rest: FlowNode[]): T {
  let at: FlowNode = head;
  for (const node of rest) {
    at.childNode = node;
    at = node;
  }
  return head;
}

export const startNode = (properties: StartProperties = {}): StartNode => ({
  nodeId: 'start',
  type: 'start',
  name: '发起',
  properties,
  childNode: null,
});

export const approverNode = (
  nodeId: string,
  properties: Partial<ApproverProperties> = {},
  type: 'approver' | 'handle' = 'approver',
): ApproverNode => ({
  nodeId,
  type,
  name: nodeId,
  properties: { assigneeType: 1, counterSign: 0, rejectTarget: 'any', ...properties },
  childNode: null,
});

export const copyNode = (nodeId: string, users: string[]): CopyNode => ({
  nodeId,
  type: 'copy',
  name: nodeId,
  properties: { users },
  childNode: null,
});

export const branch = (
  nodeId: string,
  priority: number,
  childNode: FlowNode | null,
  when?: ConditionBranch['when'],
  isDefault = false,
): ConditionBranch => ({
  nodeId,
  name: nodeId,
  priority,
  ...(isDefault ? { isDefault: true } : {}),
  ...(when ? { when } : {}),
  childNode,
});

export const conditionNode = (
  nodeId: string,
  branches: ConditionBranch[],
  mode: 'exclusive' | 'inclusive' | 'chooser' = 'exclusive',
): ConditionNode => ({
  nodeId,
  type: 'condition',
  name: nodeId,
  properties: { mode },
  conditionNodes: branches,
  childNode: null,
});

export const parallelNode = (nodeId: string, branches: ConditionBranch[]): ParallelNode => ({
  nodeId,
  type: 'parallel',
  name: nodeId,
  properties: {},
  conditionNodes: branches,
  childNode: null,
});

/** A rule "field op value" as a branch condition. */
export const when = (left: string, op: '>' | '<=' | '==', right: unknown): ConditionBranch['when'] => ({
  logic: 'and',
  groups: [{ logic: 'and', rules: [{ left, op, right }] }],
});

/** Adds a published version of a tree to a template (creating the template first when needed). */
export async function publishTemplate(
  db: Db,
  input: { code: string; tree: FlowNode; flowType?: number; templateId?: string },
): Promise<{ templateId: string; versionId: string; versionNo: number }> {
  const now = Date.now();
  let templateId = input.templateId;
  if (!templateId) {
    templateId = newId(now);
    await db
      .insertInto('flow_template')
      .values({
        id: templateId,
        en_code: input.code,
        full_name: `流程${input.code}`,
        category: '',
        flow_type: input.flowType ?? 0,
        form_type: 2,
        form_id: null,
        icon: null,
        icon_background: null,
        description: null,
        current_version_id: null,
        enabled: 1,
        sort_code: 0,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
  }
  const last = await db
    .selectFrom('flow_template_version')
    .select((eb) => eb.fn.max('version_no').as('n'))
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  const versionNo = Number(last?.n ?? 0) + 1;
  const versionId = newId(now);
  await db
    .insertInto('flow_template_version')
    .values({
      id: versionId,
      template_id: templateId,
      version_no: versionNo,
      state: 'published',
      node_tree: JSON.stringify(input.tree),
      form_snapshot: JSON.stringify({ fields: [] }),
      checksum: null,
      published_at: now,
      published_by: null,
      created_at: now,
      created_by: null,
    })
    .execute();
  await db.updateTable('flow_template').set({ current_version_id: versionId }).where('id', '=', templateId).execute();
  return { templateId, versionId, versionNo };
}
