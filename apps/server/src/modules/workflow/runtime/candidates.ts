/**
 * The pickers of the handling screens: which next nodes want candidates or a branch chosen
 * (`Candidates`), the users a node may take (`CandidateUser`), the nodes of a version (`NodeSelector`)
 * and the current nodes (`Selector`). They read; nothing here changes an instance.
 */
import {
  AssigneeType,
  CounterSign,
  findNode,
  flowNodeList,
  isApproverNode,
  type FlowCandidatesAnswer,
  type FlowNode,
  type StartProperties,
} from '@atrium/shared/workflow';
import { newId } from '../../../core/ids.ts';
import type { Db } from '../../../db/index.ts';
import type { Services } from '../../../core/types.ts';
import { pageUserOptions, pageUsersInScope } from '../../permission/user-selector.ts';
import { lookAhead } from '../engine/preview.ts';
import type { EnginePorts } from '../engine/ports.ts';
import { hasPool } from './resolve.ts';
import { launcherOfUser, mayLaunch } from '../template/visibility.ts';
import { conditionOf, readState, versionTree } from './store.ts';
import { launchTarget } from './service.ts';
import { sql } from 'kysely';

/** Ports for reads that route nothing (reject targets): asking them for people is a mistake. */
export function previewPorts(now: () => number): EnginePorts {
  const none = async () => [];
  return {
    now,
    newId: () => newId(now()),
    resolveAssignees: none,
    resolveCopyRecipients: none,
    delegateOf: async () => null,
    adminUserId: async () => null,
    newCallbackToken: () => Promise.reject(new Error('a preview enters no node')),
  };
}

function answerFor(
  tree: FlowNode,
  fromNodeId: string,
  ctx: Parameters<typeof lookAhead>[2],
  chosen: string[],
  picked: Record<string, string[]>,
  countersignOver: boolean,
): FlowCandidatesAnswer {
  const ahead = lookAhead(tree, fromNodeId, ctx, chosen, true);
  const list: FlowCandidatesAnswer['list'] = [];
  for (const branch of ahead.choices)
    list.push({
      nodeId: branch.nodeId,
      nodeName: branch.name,
      isBranchFlow: true,
      isCandidates: false,
      hasCandidates: false,
    });
  for (const node of ahead.nodes)
    if (isApproverNode(node) && node.properties.assigneeType === AssigneeType.candidates)
      list.push({
        nodeId: node.nodeId,
        nodeName: node.name,
        isBranchFlow: false,
        isCandidates: true,
        hasCandidates: (picked[node.nodeId]?.length ?? 0) > 0,
      });
  const type = ahead.choices.length ? 1 : list.length ? 2 : 3;
  return { type, list, countersignOver };
}

/** For an operator's approval: the next nodes, and whether his approval completes his node. */
export async function candidatesOf(
  db: Db,
  operatorId: string,
  formData: Record<string, unknown> | undefined,
  branchList: string[] | undefined,
): Promise<FlowCandidatesAnswer> {
  const op = await db.selectFrom('flow_operator').selectAll().where('id', '=', operatorId).executeTakeFirstOrThrow();
  const state = (await readState(db, op.instance_id))!;
  const ni = state.nodes.find((n) => n.id === op.node_instance_id);
  const main = state.operators.filter(
    (o) => o.node_instance_id === op.node_instance_id && o.parent_operator_id === null,
  );
  let over = true;
  if (ni && ni.multi_mode !== CounterSign.any) {
    const open = main.filter((o) => o.state === 'pending' || o.state === 'waiting').length;
    over = ni.approved_count + 1 >= ni.pass_threshold || open <= 1;
  }
  const ctx = { formData: { ...state.formData, ...formData }, ...state.condition };
  const chosen = [...(state.choices.branches ?? []), ...(branchList ?? [])];
  return answerFor(state.tree, op.node_id, ctx, chosen, state.choices.candidates ?? {}, over);
}

/** For a new launch of a template or version: the nodes after the start. */
export async function candidatesForLaunch(
  db: Db,
  flowId: string,
  userId: string,
  formData: Record<string, unknown>,
  branchList: string[] | undefined,
): Promise<FlowCandidatesAnswer | null> {
  const target = await launchableBy(db, flowId, userId);
  if (!target) return null;
  const now = Date.now();
  const condition = await conditionOf(
    db,
    { initiator_id: userId, urgent: 1, submitted_at: now, created_at: now },
    target.tree,
  );
  const ctx = { formData, system: condition.system, belongsTo: condition.belongsTo };
  return answerFor(target.tree, target.tree.nodeId, ctx, branchList ?? [], {}, true);
}

/**
 * A template or version the user may launch (its start node's initiators name him, or nobody):
 * the pickers of a launch answer nothing about the others, as the launch list does not show them.
 */
async function launchableBy(db: Db, flowId: string, userId: string) {
  const target = await db.transaction().execute((trx) => launchTarget(trx, flowId));
  const initiators = (target?.tree.properties as StartProperties | undefined)?.initiators;
  if (!target || (hasPool(initiators) && !mayLaunch(target.tree, await launcherOfUser(db, userId)))) return null;
  return target;
}

/**
 * The tree a picker id names: an operator's instance version (the route checked the caller may see
 * it), or a template or version the caller may launch.
 */
async function treeOf(db: Db, id: string, userId: string): Promise<FlowNode | null> {
  const op = await db
    .selectFrom('flow_operator')
    .innerJoin('flow_instance', 'flow_instance.id', 'flow_operator.instance_id')
    .select('flow_instance.version_id')
    .where('flow_operator.id', '=', id)
    .executeTakeFirst();
  if (op) return (await versionTree(db, op.version_id))?.tree ?? null;
  return (await launchableBy(db, id, userId))?.tree ?? null;
}

/** One page of the users a node may take as candidates: its member pool, or every user. */
export async function candidateUsers(
  services: Pick<Services, 'db' | 'dialect'>,
  id: string,
  userId: string,
  query: { nodeCode: string; keyword: string; currentPage: number; pageSize: number },
) {
  const tree = await treeOf(services.db, id, userId);
  const node = tree ? findNode(tree, query.nodeCode) : null;
  if (!node || !isApproverNode(node)) return null;
  const members = node.properties.members;
  const page = hasPool(members)
    ? await pageUsersInScope(
        services.db,
        services.dialect,
        {
          userIds: members?.users ?? [],
          departIds: members?.orgs ?? [],
          positionIds: members?.positions ?? [],
          roleIds: members?.roles ?? [],
          groupIds: members?.groups ?? [],
        },
        query,
      )
    : await pageUserOptions(services.db, services.dialect, () => sql<boolean>`1 = 1`, query);
  return {
    list: page.list.map((u) => ({
      id: u.id,
      fullName: u.fullName,
      account: u.account,
      organize: u.organize,
      headIcon: u.headIcon,
    })),
    pagination: page.pagination,
  };
}

const nodeItem = (n: { nodeId: string; name: string; type: string }) => ({
  nodeId: n.nodeId,
  nodeName: n.name,
  nodeType: n.type,
});

/** The approval nodes of an instance's version (targets of a change). */
export async function templateNodes(db: Db, instanceId: string) {
  const instance = await db
    .selectFrom('flow_instance')
    .select('version_id')
    .where('id', '=', instanceId)
    .executeTakeFirstOrThrow();
  const tree = (await versionTree(db, instance.version_id))?.tree;
  return tree ? flowNodeList(tree).filter(isApproverNode).map(nodeItem) : [];
}

/** The approval nodes an instance waits on now (targets of an assign). */
export async function currentNodes(db: Db, instanceId: string) {
  const rows = await db
    .selectFrom('flow_node_instance')
    .select(['node_id', 'name', 'node_type'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'active')
    .where('node_type', 'in', ['approver', 'handle'])
    .execute();
  return rows.map((r) => ({ nodeId: r.node_id, nodeName: r.name, nodeType: r.node_type }));
}
