/**
 * Data interfaces a flow calls (docs/workflow.md): an approver node whose handlers come from one
 * (assignee type 9) and a trigger node. Each call runs the registered interface as the data-interface
 * module does and writes its call log row.
 *
 * Inside a command (handlers of a node being entered) everything goes through the command's
 * transaction: on SQLite it holds the only connection, so a read or the log insert on the pool would
 * wait for a commit that waits for them. The interface's own SQL runs on the admin-SQL reader's
 * connection (a child process reading the committed file on SQLite, a read-only role on PostgreSQL),
 * which the command's locks never block; it sees committed data, and the flow's values come in as
 * parameters.
 */
import { AppError, fail } from '../../../core/errors.ts';
import type { AdminSqlReader } from '../../../core/admin-sql/index.ts';
import { translate } from '../../../core/messages.ts';
import type { Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';
import { withCallLog } from '../../system/data-interface/log-service.ts';
import { previewData } from '../../system/data-interface/runner.ts';
import { loadDefinition } from '../../system/data-interface/service.ts';
import type { ParamValue } from '../engine/interface-params.ts';

/** Rows a call reads at most from a paged SQL interface. */
const MAX_ROWS = 1000;

export interface InterfaceCall {
  interfaceId: string;
  params: ParamValue[];
  /** Whose call it is: the initiator (`@user`, `@organization` of the interface's SQL; the log's user). */
  caller: { userId: string; organizeId: string | null };
  /** The log's action: flowAssignee, flowTrigger. */
  action: string;
}

/** A failure as the log and a flow record keep it: in the product's own language. */
export const failureText = (error: unknown) =>
  error instanceof AppError ? translate('zh-CN', error.messageKey, error.params) : translate('zh-CN', 'internal');

/**
 * Runs the interface and answers its data (after its processing script). A missing interface throws
 * without a log row (there is nothing to log it under); a disabled one and every failure of the call
 * throw after their log row.
 */
export async function callFlowInterface(
  db: Db | Tx,
  reader: AdminSqlReader,
  now: () => number,
  call: InterfaceCall,
): Promise<unknown> {
  const def = await loadDefinition(db, call.interfaceId);
  return withCallLog(
    db,
    {
      interfaceId: def.id,
      userId: call.caller.userId,
      ip: '',
      device: 'workflow',
      action: call.action,
      now,
      describe: failureText,
    },
    async () => {
      if (def.enabledMark !== 1) throw fail('interfaceDisabled');
      const paramList = call.params.map((p) => ({ field: p.field, value: p.value }));
      const ctx = { db, dialect: reader.dialect, reader, caller: call.caller };
      return previewData(ctx, def, { paramList, keyword: '', currentPage: 1, pageSize: MAX_ROWS });
    },
  );
}

const idOf = (item: unknown): string[] => {
  if (typeof item === 'string')
    return item
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof item === 'number') return [String(item)];
  if (item && typeof item === 'object') {
    const row = item as Record<string, unknown>;
    const id = row.userId ?? row.id;
    return typeof id === 'string' || typeof id === 'number' ? [String(id)].filter(Boolean) : [];
  }
  return [];
};

/**
 * The user ids in an interface's answer: a list (or the list inside `{ list }`, `{ data }`,
 * `{ data: { list } }`) of ids or of rows with `userId` or `id`; a single id or comma-separated ids.
 */
export function userIdsOf(data: unknown): string[] {
  const o = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  const inner = o?.data && typeof o.data === 'object' ? (o.data as Record<string, unknown>) : null;
  const list = [data, o?.list, o?.data, inner?.list].find(Array.isArray) as unknown[] | undefined;
  if (list) return [...new Set(list.flatMap(idOf))];
  return typeof data === 'string' || typeof data === 'number' ? idOf(data) : [];
}
