import { newId } from '../../core/ids.ts';
import type { Services } from '../../core/types.ts';
import type { Db } from '../../db/index.ts';
import type { Tx } from '../../db/tx.ts';
import { inUnit, type UnitOfWork } from '../../core/unit-of-work.ts';
import { deliver, insertReceiveRows, messagePush } from './pushes.ts';

export const FLOW = 2;

export interface FlowMessageInput {
  /** Who receives it (duplicates are ignored). */
  userIds: readonly string[];
  title: string;
  /** The flow's message category (to-do, copied, approved...), as the workflow names it. */
  flowType: number;
  /**
   * What the client needs to open the flow: it base64-encodes the JSON text of this into
   * `/workFlowDetail?config=...`. Null leaves the body empty, and the client
   * then does nothing on a click.
   */
  payload: Record<string, unknown> | null;
  /** The user whose action sent it; null for the system (timeouts, reminders). */
  senderId?: string | null;
}

/**
 * Sends a flow message (type 2) to users' message centres: one message row, one unread receive row
 * per recipient, and a live push once committed. The workflow engine passes the unit of work of the
 * approval it is in (core/unit-of-work.ts), so a rolled-back approval stores and pushes nothing;
 * given the database instead, it is a command of its own.
 */
export async function sendFlowMessage(
  services: Pick<Services, 'db' | 'push' | 'now'>,
  input: FlowMessageInput,
  target: Db | UnitOfWork = services.db,
): Promise<{ messageId: string }> {
  const userIds = [...new Set(input.userIds)];
  const now = services.now();
  const messageId = newId(now);
  const senderId = input.senderId ?? null;
  const store = async (trx: Tx) => {
    await trx
      .insertInto('message')
      .values({
        id: messageId,
        title: input.title,
        type: FLOW,
        state: 1,
        body_text: input.payload ? JSON.stringify(input.payload) : '',
        files: '[]',
        flow_type: input.flowType,
        release_time: now,
        release_user_id: senderId,
        created_at: now,
        created_by: senderId,
        version: 0,
      })
      .execute();
    await insertReceiveRows(trx, messageId, userIds, now);
  };
  const pending = [messagePush({ type: FLOW, title: input.title, time: now, senderId }, userIds)];
  return inUnit(target, async (unit) => {
    await store(unit.trx);
    unit.afterCommit(() => deliver(services, pending));
    return { messageId };
  });
}
