import { newId } from '../../core/ids.ts';
import type { Services } from '../../core/types.ts';
import { inTransaction, type Tx } from '../../db/tx.ts';
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
   * `/workFlowDetail?config=...` (spec 1 section 4). Null leaves the body empty, and the client
   * then does nothing on a click.
   */
  payload: Record<string, unknown> | null;
  /** The user whose action sent it; null for the system (timeouts, reminders). */
  senderId?: string | null;
}

export interface SentFlowMessage {
  messageId: string;
  /**
   * Pushes `messagePush` to the recipients online. Call it after the transaction that stored the
   * message commits; sendFlowMessage calls it itself when it ran its own transaction.
   */
  afterCommit(): Promise<void>;
}

/**
 * Sends a flow message (type 2) to users' message centres: one message row, one unread receive row
 * per recipient, and a live push. The workflow engine calls it inside its own transaction (pass
 * `trx`, then call `afterCommit` once committed) so a rolled-back approval sends nothing.
 */
export async function sendFlowMessage(
  services: Pick<Services, 'db' | 'push' | 'now'>,
  input: FlowMessageInput,
  options: { trx?: Tx } = {},
): Promise<SentFlowMessage> {
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
  const afterCommit = () => deliver(services, pending);
  if (options.trx) {
    await store(options.trx);
    return { messageId, afterCommit };
  }
  await inTransaction(services.db, store);
  await afterCommit();
  return { messageId, afterCommit: async () => {} };
}
