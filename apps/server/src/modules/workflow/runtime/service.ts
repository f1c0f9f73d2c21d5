/**
 * The command service: every workflow command is one unit of work that locks the instance row,
 * runs the engine on the loaded state, writes the change set, enqueues its jobs in the same
 * transaction, starts child flows and stores its messages (pushed after commit). Replays of a request
 * id by the same user answer the first result and change nothing.
 */
import { ResultCode } from '@atrium/shared';
import {
  FlowStatus,
  isApproverNode,
  AssigneeType,
  findNode,
  flowNodeList,
  type FlowNode,
  type FlowStartBody,
  type StartProperties,
} from '@atrium/shared/workflow';
import { AppError, fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import type { Services } from '../../../core/types.ts';
import type { UnitOfWork } from '../../../core/unit-of-work.ts';
import type { Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';
import { cancelByParent, childEnded, mergeWritable, submit } from '../engine/commands.ts';
import { EngineError, NeedsPicks } from '../engine/errors.ts';
import type { ChildStart, InstanceState, RecordSource } from '../engine/state.ts';
import { Working, type Actor } from '../engine/working.ts';
import { sendNotifications } from './notify.ts';
import { candidatePool, delegateOf, enginePorts, hasPool } from './resolve.ts';
import { launcherOfUser, mayLaunch } from '../template/visibility.ts';
import { realNames } from './names.ts';
import { conditionOf, loadState, newInstanceRow, saveWorking } from './store.ts';

export type RuntimeServices = Pick<Services, 'db' | 'push' | 'now' | 'jobs' | 'adminSql'>;

/** What a command answers when nodes need handlers picked: nothing was created. */
export interface PicksAnswer {
  picks: { nodeId: string; nodeName: string }[];
}

/** The engine's refusals as the API answers them. */
export function asAppError(error: unknown): unknown {
  if (error instanceof EngineError) {
    const code = {
      400: ResultCode.failed,
      403: ResultCode.forbidden,
      404: ResultCode.notFound,
      409: ResultCode.conflict,
    }[error.status];
    return new AppError(code, error.key, error.params);
  }
  return error;
}

/** The first record of a replayed request, if this user already sent it. */
export async function replayOf(trx: Db | Tx, userId: string, requestId: string | null | undefined) {
  if (!requestId) return undefined;
  return trx
    .selectFrom('flow_record')
    .select(['id', 'instance_id'])
    .where('handler_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export const REPLAYED = Symbol('replayed');

/**
 * Runs `fn` on the locked state of an instance and writes what it changed. Answers REPLAYED, without
 * running it, when the actor's request id was already handled. The actor may be read from the locked
 * state (a job acting in the name of whoever holds a task now). A command answering `false` found
 * nothing to do and changed nothing: nothing is written, not even the instance's version.
 */
export async function onInstance<T>(
  services: RuntimeServices,
  unit: UnitOfWork,
  instanceId: string,
  actorOf: Actor | ((state: InstanceState) => Actor),
  fn: (w: Working) => Promise<T> | T,
): Promise<T | typeof REPLAYED> {
  const state = await loadState(unit.trx, instanceId);
  if (!state) throw notFound('flowNotFound');
  const actor = typeof actorOf === 'function' ? actorOf(state) : actorOf;
  if (await replayOf(unit.trx, actor.userId, actor.requestId)) return REPLAYED;
  const w = new Working(state, enginePorts(unit.trx, services), actor);
  let result: T;
  try {
    result = await fn(w);
  } catch (error) {
    throw asAppError(error);
  }
  if (result === false) return result;
  await commit(services, unit, w, true);
  return result;
}

/** Writes a working copy and carries out what follows from it: jobs, messages, child flows, parents. */
async function commit(services: RuntimeServices, unit: UnitOfWork, w: Working, stored: boolean): Promise<void> {
  await saveWorking(unit.trx, w, stored);
  const { changes, state } = w;
  for (const job of changes.jobs)
    await services.jobs.enqueue(job.kind, job.payload, {
      runAt: job.runAt,
      dedupeKey: job.dedupeKey,
      db: unit.trx,
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    });
  await sendNotifications(services, unit, state, changes.notifications);
  await cancelChildren(services, unit, w);
  for (const child of changes.childStarts) await startChild(services, unit, state, child);
  const instance = state.instance;
  const final = [FlowStatus.adopt, FlowStatus.revoke, FlowStatus.cancel] as number[];
  // A child the parent cancelled does not report back: the parent already moved on.
  if (
    changes.ended &&
    !changes.cancelledByParent &&
    final.includes(instance.status) &&
    instance.parent_instance_id &&
    !instance.is_async
  ) {
    const parentNode = instance.parent_node_instance_id;
    if (parentNode)
      await onInstance(
        services,
        unit,
        instance.parent_instance_id,
        { userId: instance.initiator_id, source: 'system-rule' },
        (pw) => childEnded(pw, parentNode, instance.status, state.formData),
      );
  }
}

/** Child flows still open: running, suspended, or sent back to their start (which could resubmit). */
const OPEN_CHILD = [FlowStatus.wait, FlowStatus.suspended, FlowStatus.reject] as number[];

/**
 * Cancels the child flows of sub-flow steps the command took back (recall, reject to an earlier node,
 * change), or all of them when the instance ended without approval (reject, withdraw, terminate):
 * each is cancelled by a command of its own on the locked child, with a terminated record, and in
 * turn cancels its own children.
 */
async function cancelChildren(services: RuntimeServices, unit: UnitOfWork, w: Working): Promise<void> {
  const { changes, state } = w;
  const some = [...changes.cancelChildrenOf];
  if (!changes.cancelAllChildren && !some.length) return;
  // Only a tree with sub-flow nodes can have children: others skip the lookup.
  if (!flowNodeList(state.tree).some((n) => n.type === 'subFlow')) return;
  let query = unit.trx
    .selectFrom('flow_instance')
    .select('id')
    .where('parent_instance_id', '=', state.instance.id)
    .where('status', 'in', OPEN_CHILD);
  if (!changes.cancelAllChildren) query = query.where('parent_node_instance_id', 'in', some);
  const children = await query.orderBy('created_at').orderBy('id').execute();
  for (const child of children)
    await onInstance(services, unit, child.id, { userId: w.actor.userId, source: 'system-rule' }, cancelByParent);
}

async function startChild(
  services: RuntimeServices,
  unit: UnitOfWork,
  parent: InstanceState,
  child: ChildStart,
): Promise<void> {
  const trx = unit.trx;
  const template = await trx
    .selectFrom('flow_template as t')
    .innerJoin('flow_template_version as v', 'v.id', 't.current_version_id')
    .select(['t.id', 't.en_code', 't.full_name', 't.flow_type', 'v.id as version_id', 'v.node_tree'])
    .where('t.en_code', '=', child.templateCode)
    .where('t.enabled', '=', 1)
    .executeTakeFirst();
  if (!template) throw fail('flowSubTemplateMissing', { code: child.templateCode });
  const now = services.now();
  const instance = newInstanceRow({
    id: newId(now),
    template_id: template.id,
    version_id: template.version_id,
    bill_no: '',
    title: `${parent.instance.title} - ${template.full_name}`,
    urgent: parent.instance.urgent,
    initiator_id: child.initiatorId,
    delegated_by: null,
    submitted_at: null,
    form_data: JSON.stringify(child.formData),
    choices: '{}',
    parent_instance_id: parent.instance.id,
    parent_node_instance_id: child.nodeInstanceId,
    is_async: child.wait ? 0 : 1,
    created_at: now,
    updated_at: now,
  });
  const tree = JSON.parse(template.node_tree) as FlowNode;
  const state = await newState(trx, instance, tree, template, child.formData);
  const w = new Working(state, enginePorts(trx, services), { userId: child.initiatorId, source: 'system-rule' });
  try {
    await submit(w, {});
  } catch (error) {
    throw asAppError(error);
  }
  await commit(services, unit, w, false);
}

async function newState(
  trx: Tx,
  instance: InstanceState['instance'],
  tree: FlowNode,
  template: { id: string; en_code: string; full_name: string; flow_type: number },
  formData: Record<string, unknown>,
): Promise<InstanceState> {
  const condition = await conditionOf(trx, instance, tree);
  return {
    instance,
    formData,
    choices: {},
    tree,
    template: { id: template.id, enCode: template.en_code, fullName: template.full_name, flowType: template.flow_type },
    nodes: [],
    operators: [],
    condition: { system: condition.system, belongsTo: condition.belongsTo },
  };
}

// ---------------------------------------------------------------------------------------------
// Launch
// ---------------------------------------------------------------------------------------------

/** The template and version a `flowId` names: a version id, or a template id (its published version). */
export async function launchTarget(trx: Tx, flowId: string) {
  // One round trip whichever it names: the version with its template, or the template with its current version.
  const columns = [
    't.id',
    't.en_code',
    't.full_name',
    't.flow_type',
    't.enabled',
    'v.id as version_id',
    'v.state as version_state',
    'v.node_tree',
  ] as const;
  const row = await trx
    .selectFrom('flow_template_version as v')
    .innerJoin('flow_template as t', 't.id', 'v.template_id')
    .select(columns)
    .where('v.id', '=', flowId)
    .unionAll(
      trx
        .selectFrom('flow_template as t')
        .innerJoin('flow_template_version as v', 'v.id', 't.current_version_id')
        .select(columns)
        .where('t.id', '=', flowId),
    )
    .executeTakeFirst();
  if (!row || row.enabled !== 1) return null;
  if (row.version_id === flowId && row.version_state !== 'published') return null;
  const { id, en_code, full_name, flow_type } = row;
  return {
    template: { id, en_code, full_name, flow_type },
    versionId: row.version_id,
    tree: JSON.parse(row.node_tree) as FlowNode,
  };
}

function renderTitle(
  pattern: string,
  values: { flowName: string; initiator: string; date: string },
  form: Record<string, unknown>,
) {
  return pattern
    .replace(/\{flowName\}/g, values.flowName)
    .replace(/\{initiator\}/g, values.initiator)
    .replace(/\{date\}/g, values.date)
    .replace(/\{field:([^}]+)\}/g, (_w, field: string) => {
      const v = form[field];
      return v === undefined || v === null ? '' : String(v);
    });
}

/** Candidates must come from the node's pool when it names one. */
async function checkCandidates(trx: Tx, tree: FlowNode, candidates: Record<string, string[]> | undefined) {
  for (const [nodeId, users] of Object.entries(candidates ?? {})) {
    const node = findNode(tree, nodeId);
    if (!node || !isApproverNode(node) || node.properties.assigneeType !== AssigneeType.candidates) continue;
    const pool = await candidatePool(trx, node);
    if (pool && users.some((u) => !pool.includes(u))) throw fail('flowCandidateOutsidePool', { node: node.name });
  }
}

export interface LaunchResult {
  id: string | null;
  picks: { nodeId: string; nodeName: string }[];
}

/**
 * Starts a flow or saves it as a draft (`status` 1), or, with `existingId`, updates a draft or
 * resubmits a rejected or withdrawn flow of the caller.
 */
export async function launch(
  services: RuntimeServices,
  unit: UnitOfWork,
  callerId: string,
  body: FlowStartBody,
  existingId?: string,
): Promise<LaunchResult> {
  const trx = unit.trx;
  const requestId = body.requestId ?? null;
  const replay = await replayOf(trx, callerId, requestId);
  if (replay) return { id: replay.instance_id, picks: [] };
  const draft = body.status === 1;
  const now = services.now();
  let state: InstanceState;
  let stored: boolean;
  if (existingId) {
    const loaded = await loadState(trx, existingId);
    if (!loaded) throw notFound('flowNotFound');
    const own = loaded.instance.initiator_id === callerId || loaded.instance.delegated_by === callerId;
    if (!own) throw notFound('flowNotFound');
    const editable: number[] = [FlowStatus.draft, FlowStatus.reject, FlowStatus.revoke];
    if (!editable.includes(loaded.instance.status)) throw fail('flowNotDraft');
    state = loaded;
    stored = true;
  } else {
    const target = await launchTarget(trx, body.flowId);
    if (!target) throw fail('flowTemplateNotLaunchable');
    let initiatorId = callerId;
    let delegatedBy: string | null = null;
    const onBehalf = body.delegateUserList?.[0];
    if (onBehalf && onBehalf !== callerId) {
      if ((await delegateOf(trx, onBehalf, target.template.id, now, 1)) !== callerId)
        throw fail('flowDelegateMissing', { user: onBehalf });
      initiatorId = onBehalf;
      delegatedBy = callerId;
    }
    const startProps = (target.tree.properties ?? {}) as StartProperties;
    // The rule the launch list and the template's page apply (template/visibility.ts): his own
    // organisations, not those under the ones named.
    if (hasPool(startProps.initiators) && !mayLaunch(target.tree, await launcherOfUser(trx, initiatorId)))
      throw new AppError(ResultCode.forbidden, 'flowNotInitiator');
    const instance = newInstanceRow({
      id: newId(now),
      template_id: target.template.id,
      version_id: target.versionId,
      bill_no: body.billNo ?? '',
      title: '',
      urgent: body.flowUrgent === 2 || body.flowUrgent === 3 ? body.flowUrgent : 1,
      initiator_id: initiatorId,
      delegated_by: delegatedBy,
      submitted_at: null,
      form_data: '{}',
      choices: '{}',
      parent_instance_id: null,
      parent_node_instance_id: null,
      is_async: 0,
      created_at: now,
      updated_at: now,
    });
    state = await newState(trx, instance, target.tree, target.template, {});
    stored = false;
  }
  const w = new Working(state, enginePorts(trx, services), { userId: callerId, source: 'user', requestId });
  try {
    const startProps = (state.tree.properties ?? {}) as StartProperties;
    // A draft keeps whatever was typed; only a submission must fill the required fields.
    const operates = draft ? startProps.formOperates?.map((o) => ({ ...o, required: false })) : startProps.formOperates;
    mergeWritable(w, operates, body.formData, true);
    if (body.flowUrgent !== undefined)
      state.instance.urgent = body.flowUrgent === 2 || body.flowUrgent === 3 ? body.flowUrgent : 1;
    if (body.billNo !== undefined) state.instance.bill_no = body.billNo;
    state.instance.title = body.flowTitle?.trim() || (await titleOf(trx, state, startProps, now));
    state.condition.system.urgent = state.instance.urgent;
    state.condition.system.flowUrgent = state.instance.urgent;
    await checkCandidates(trx, state.tree, body.candidateList);
    if (!draft)
      await submit(w, {
        candidateList: body.candidateList,
        errorRuleUserList: body.errorRuleUserList,
        branchList: body.branchList,
      });
  } catch (error) {
    if (error instanceof NeedsPicks) return { id: null, picks: error.nodes };
    throw asAppError(error);
  }
  await commit(services, unit, w, stored);
  if (!draft && body.copyIds) {
    // The initiator's own copies go out with the launch.
    const users = body.copyIds
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (users.length)
      await onInstance(services, unit, state.instance.id, { userId: callerId, source: 'user' }, (cw) =>
        cw.circulate({ id: null, nodeId: cw.state.tree.nodeId, name: cw.state.tree.name }, users, 'initiator'),
      );
  }
  return { id: state.instance.id, picks: [] };
}

async function titleOf(trx: Tx, state: InstanceState, props: StartProperties, now: number): Promise<string> {
  const initiator = state.instance.initiator_id;
  const name = (await realNames(trx, [initiator])).get(initiator);
  const d = new Date(now);
  const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const values = { flowName: state.template.fullName, initiator: name ?? '', date };
  if (props.titleTemplate) return renderTitle(props.titleTemplate, values, state.formData).slice(0, 200);
  return `${values.initiator}的${values.flowName}`;
}

export type { RecordSource };
