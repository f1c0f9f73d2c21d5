import type { Insertable } from 'kysely';
import type { Db } from '../../../db/index.ts';
import type { FlowCirculateTable, FlowInstanceTable, FlowOperatorTable, FlowRecordTable } from '../../../db/schema.ts';
import { newId } from '../../../core/ids.ts';

/**
 * Rows written straight into the runtime tables, for tests of the read side (lists, counts,
 * comments) that should not depend on the engine: each helper fills what a test does not name.
 */

export async function insertInstance(
  db: Db,
  values: Pick<FlowInstanceTable, 'template_id' | 'version_id' | 'initiator_id'> & Partial<FlowInstanceTable>,
): Promise<string> {
  const now = values.created_at ?? Date.now();
  const row: Insertable<FlowInstanceTable> = {
    id: newId(),
    bill_no: '',
    title: 'flow',
    urgent: 1,
    status: 1,
    status_before_suspend: null,
    delegated_by: null,
    submitted_at: now,
    finished_at: null,
    form_data: '{}',
    current_node_ids: '',
    current_node_names: '',
    completion: 0,
    choices: '{}',
    parent_instance_id: null,
    parent_node_instance_id: null,
    is_async: 0,
    return_to_node_id: null,
    last_record_at: null,
    version: 0,
    created_at: now,
    updated_at: now,
    ...values,
  };
  await db.insertInto('flow_instance').values(row).execute();
  return row.id;
}

export async function insertOperator(
  db: Db,
  values: Pick<FlowOperatorTable, 'instance_id' | 'assignee_id'> & Partial<FlowOperatorTable>,
): Promise<string> {
  const row: Insertable<FlowOperatorTable> = {
    id: newId(),
    node_instance_id: newId(),
    node_id: 'node',
    node_name: '审批',
    source: 'rule',
    original_assignee_id: null,
    parent_operator_id: null,
    sequence_index: 0,
    state: 'pending',
    handle_status: null,
    handled_at: null,
    draft_data: null,
    received_at: Date.now(),
    due_at: null,
    remind_count: 0,
    overdue_count: 0,
    batchable: 0,
    read_at: null,
    version: 0,
    ...values,
  };
  await db.insertInto('flow_operator').values(row).execute();
  return row.id;
}

export async function insertRecord(
  db: Db,
  values: Pick<FlowRecordTable, 'instance_id' | 'handler_id' | 'handle_status'> & Partial<FlowRecordTable>,
): Promise<string> {
  const row: Insertable<FlowRecordTable> = {
    id: newId(),
    node_instance_id: null,
    node_id: 'node',
    node_name: '审批',
    operator_id: null,
    target_user_ids: null,
    opinion: null,
    sign_img: null,
    file_list: '[]',
    form_diff: null,
    visible: 1,
    request_id: null,
    source: 'user',
    recalled: 0,
    created_at: Date.now(),
    ...values,
  };
  await db.insertInto('flow_record').values(row).execute();
  return row.id;
}

export async function insertCirculate(
  db: Db,
  values: Pick<FlowCirculateTable, 'instance_id' | 'user_id'> & Partial<FlowCirculateTable>,
): Promise<string> {
  const row: Insertable<FlowCirculateTable> = {
    id: newId(),
    node_instance_id: null,
    node_id: 'copy',
    node_name: '抄送',
    source: 'rule',
    read_at: null,
    created_at: Date.now(),
    ...values,
  };
  await db.insertInto('flow_circulate').values(row).execute();
  return row.id;
}
