/**
 * The workflow's durable jobs (docs/jobs.md): a timer node's wait, reminders and overdue actions of
 * pending operators, a trigger node's call of its data interface and the deadline of a trigger
 * waiting for a callback. Each runs as a command on the locked instance and checks that what it was
 * scheduled for still holds (the node still waits, the operator is still pending with the same
 * count), so a job that runs twice changes nothing the second time.
 */
import { z } from 'zod';
import { CALLBACK_FLOW_VARIABLES, FlowStatus } from '@atrium/shared/workflow';
import type { JobContext } from '../../../core/jobs/index.ts';
import { translate } from '../../../core/messages.ts';
import { runCommand } from '../../../core/unit-of-work.ts';
import {
  callbackTimedOut,
  overdueDue,
  remindDue,
  timerFired,
  triggerAnswered,
  triggerFailed,
} from '../engine/commands.ts';
import { fillCallback } from '../engine/interface-params.ts';
import type { Working } from '../engine/working.ts';
import { callbackKey, callbackToken, callbackValues } from './callback-token.ts';
import { callFlowInterface, failureText } from './interfaces.ts';
import { onInstance, type RuntimeServices } from './service.ts';

export const WORKFLOW_JOB_KINDS = [
  'workflow.timer',
  'workflow.remind',
  'workflow.overdue',
  'workflow.trigger',
  'workflow.triggerTimeout',
] as const;
export type WorkflowJobKind = (typeof WORKFLOW_JOB_KINDS)[number];

/** Which run of its job this is; a run without one is taken as the only one. */
export type JobAttempt = Pick<JobContext, 'attempt' | 'maxAttempts'>;

const timerPayload = z.object({ instanceId: z.string(), nodeInstanceId: z.string() });
const operatorPayload = z.object({
  instanceId: z.string(),
  operatorId: z.string(),
  count: z.number().int(),
  receivedAt: z.number().int().optional(),
});
const triggerPayload = z.object({
  instanceId: z.string(),
  nodeInstanceId: z.string(),
  interfaceId: z.string(),
  params: z.array(
    z.object({ field: z.string(), value: z.unknown(), fill: z.enum(CALLBACK_FLOW_VARIABLES).optional() }),
  ),
  wait: z.boolean(),
  /** A trigger waiting for a callback: the seed of its token. */
  callbackSeed: z.string().optional(),
});
const deadlinePayload = timerPayload.extend({ minutes: z.number() });

/** Runs one workflow job; answers whether it changed anything. */
export async function runWorkflowJob(
  services: RuntimeServices,
  kind: WorkflowJobKind,
  payload: unknown,
  attempt: JobAttempt = { attempt: 1, maxAttempts: 1 },
): Promise<boolean> {
  if (kind === 'workflow.trigger') return runTrigger(services, triggerPayload.parse(payload), attempt);
  if (kind === 'workflow.timer') {
    const { instanceId, nodeInstanceId } = timerPayload.parse(payload);
    return onTime(services, instanceId, (w) => timerFired(w, nodeInstanceId));
  }
  if (kind === 'workflow.triggerTimeout') {
    const { instanceId, nodeInstanceId, minutes } = deadlinePayload.parse(payload);
    // The record keeps the reason in the product's own language, as a failed call's does.
    const reason = translate('zh-CN', 'flowCallbackTimedOut', { minutes });
    return onTime(services, instanceId, (w) => callbackTimedOut(w, nodeInstanceId, reason));
  }
  const { instanceId, ...job } = operatorPayload.parse(payload);
  const exists = await services.db
    .selectFrom('flow_operator')
    .select('instance_id')
    .where('id', '=', job.operatorId)
    .executeTakeFirst();
  if (exists?.instance_id !== instanceId) return false;
  return runCommand(services.db, async (unit) => {
    // The system acts in the name of whoever holds the task under the lock (a transfer may have
    // committed since the job started), so an automatic approval is his record, marked system-timer.
    const result = await onInstance(
      services,
      unit,
      instanceId,
      (state) => ({
        userId: state.operators.find((o) => o.id === job.operatorId)?.assignee_id ?? state.instance.initiator_id,
        source: 'system-timer',
      }),
      (w) => (kind === 'workflow.remind' ? remindDue(w, job) : overdueDue(w, job)),
    );
    return result === true;
  });
}

/** A time that came for a node of an instance, as a command of the system timer in the initiator's name. */
async function onTime(
  services: RuntimeServices,
  instanceId: string,
  fn: (w: Working) => Promise<boolean>,
): Promise<boolean> {
  const exists = await services.db
    .selectFrom('flow_instance')
    .select('initiator_id')
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (!exists) return false;
  return runCommand(services.db, async (unit) => {
    const result = await onInstance(
      services,
      unit,
      instanceId,
      { userId: exists.initiator_id, source: 'system-timer' },
      fn,
    );
    return result === true;
  });
}

/**
 * A trigger node's call, outside any transaction (an HTTP interface may take seconds). An async
 * call only goes out; a failure is retried, and after the last one the job stays dead for an
 * administrator to see. A waiting node takes the answer in a command of its own; after the last
 * failed call its `onFailure` decides, and the job still ends dead with the error. A call for a
 * callback hands out the step's token (the same on every attempt) and leaves the answer to it.
 */
async function runTrigger(
  services: RuntimeServices,
  job: z.infer<typeof triggerPayload>,
  attempt: JobAttempt,
): Promise<boolean> {
  const found = await services.db
    .selectFrom('flow_node_instance as n')
    .innerJoin('flow_instance as i', 'i.id', 'n.instance_id')
    .select(['n.state', 'i.initiator_id', 'i.status'])
    .where('n.id', '=', job.nodeInstanceId)
    .where('n.instance_id', '=', job.instanceId)
    .executeTakeFirst();
  // A step taken back before its call went out (recall, reject, withdraw) calls nothing; a waiting
  // one of a suspended flow neither (its answer could not move the flow): restoring calls it again.
  // A call for a callback moves nothing, so it goes out while suspended too; its answer waits.
  const callback = job.callbackSeed !== undefined;
  if (!found || found.state === 'void') return false;
  if ((job.wait || callback) && found.state !== 'active') return false;
  if (job.wait && found.status === FlowStatus.suspended) return false;
  const organizeId =
    (
      await services.db
        .selectFrom('users')
        .select('organize_id')
        .where('id', '=', found.initiator_id)
        .executeTakeFirst()
    )?.organize_id ?? null;
  const actor = { userId: found.initiator_id, source: 'system-rule' as const };
  const params =
    job.callbackSeed === undefined
      ? job.params
      : fillCallback(job.params, callbackValues(callbackToken(await callbackKey(services.db), job.callbackSeed)));
  let answer: unknown;
  try {
    answer = await callFlowInterface(services.db, services.adminSql, services.now, {
      interfaceId: job.interfaceId,
      params,
      caller: { userId: found.initiator_id, organizeId },
      action: 'flowTrigger',
    });
  } catch (error) {
    const reason = failureText(error);
    if ((job.wait || callback) && attempt.attempt >= attempt.maxAttempts)
      await runCommand(services.db, (unit) =>
        onInstance(services, unit, job.instanceId, actor, (w) => triggerFailed(w, job.nodeInstanceId, reason)),
      );
    // The job keeps the failure in words (its last_error), for whoever looks at dead jobs.
    throw new Error(`trigger ${job.nodeInstanceId}: ${reason}`, { cause: error });
  }
  if (!job.wait) return true;
  return runCommand(services.db, async (unit) => {
    const result = await onInstance(services, unit, job.instanceId, actor, (w) =>
      triggerAnswered(w, job.nodeInstanceId, answer),
    );
    return result === true;
  });
}

export function registerWorkflowJobs(services: RuntimeServices): void {
  for (const kind of WORKFLOW_JOB_KINDS)
    services.jobs.register(kind, async (payload, job) => {
      await runWorkflowJob(services, kind, payload, job);
    });
}
