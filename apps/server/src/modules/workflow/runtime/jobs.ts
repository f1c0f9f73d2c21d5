/**
 * The workflow's durable jobs (docs/jobs.md): a timer node's wait, reminders and overdue actions of
 * pending operators. Each runs as a command on the locked instance and checks that what it was
 * scheduled for still holds (the node still waits, the operator is still pending with the same
 * count), so a job that runs twice changes nothing the second time.
 */
import { z } from 'zod';
import { runCommand } from '../../../core/unit-of-work.ts';
import { overdueDue, remindDue, timerFired } from '../engine/commands.ts';
import { onInstance, type RuntimeServices } from './service.ts';

export const WORKFLOW_JOB_KINDS = ['workflow.timer', 'workflow.remind', 'workflow.overdue'] as const;
export type WorkflowJobKind = (typeof WORKFLOW_JOB_KINDS)[number];

const timerPayload = z.object({ instanceId: z.string(), nodeInstanceId: z.string() });
const operatorPayload = z.object({ instanceId: z.string(), operatorId: z.string(), count: z.number().int() });

/** Runs one workflow job; answers whether it changed anything. */
export async function runWorkflowJob(
  services: RuntimeServices,
  kind: WorkflowJobKind,
  payload: unknown,
): Promise<boolean> {
  if (kind === 'workflow.timer') {
    const { instanceId, nodeInstanceId } = timerPayload.parse(payload);
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
        (w) => timerFired(w, nodeInstanceId),
      );
      return result === true;
    });
  }
  const { instanceId, operatorId, count } = operatorPayload.parse(payload);
  const op = await services.db
    .selectFrom('flow_operator')
    .select(['assignee_id', 'instance_id'])
    .where('id', '=', operatorId)
    .executeTakeFirst();
  if (!op || op.instance_id !== instanceId) return false;
  return runCommand(services.db, async (unit) => {
    // The system acts in the operator's name, so an automatic approval is his record, marked system-timer.
    const result = await onInstance(
      services,
      unit,
      instanceId,
      { userId: op.assignee_id, source: 'system-timer' },
      (w) => (kind === 'workflow.remind' ? remindDue(w, operatorId, count) : overdueDue(w, operatorId, count)),
    );
    return result === true;
  });
}

export function registerWorkflowJobs(services: RuntimeServices): void {
  for (const kind of WORKFLOW_JOB_KINDS)
    services.jobs.register(kind, async (payload) => {
      await runWorkflowJob(services, kind, payload);
    });
}
