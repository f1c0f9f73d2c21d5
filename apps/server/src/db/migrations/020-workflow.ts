import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Workflow (docs/workflow.md).
 * - flow_template / flow_template_version: what an administrator designs. A version's node tree is
 *   frozen once published; instances keep the version they started on.
 * - flow_instance: one launched flow ("task"), with its form data and the denormalised current nodes
 *   the lists show.
 * - flow_node_instance: one entry of an instance into a node; `round` grows when a reject or a change
 *   enters the node again.
 * - flow_operator: one person's to-do on a node instance.
 * - flow_record: the approval history, append-only apart from `visible`.
 * - flow_circulate: copies (CC) with their read state.
 * - flow_delegation: out-of-office delegation of approval or launch.
 * - flow_comment: the discussion thread of an instance.
 * Runtime rows carry `version`, bumped by every command that changes them.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('flow_template')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    // 0 launched by staff, 1 bound to a function.
    .addColumn('flow_type', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 a designed form (visualdev model), 2 a code form (a fixed page such as the purchase demo).
    .addColumn('form_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('form_id', 'text')
    .addColumn('icon', 'text')
    .addColumn('icon_background', 'text')
    .addColumn('description', 'text')
    // The published version staff launch; null until the first publish.
    .addColumn('current_version_id', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('flow_template_code').on('flow_template').column('en_code').unique().execute();

  await db.schema
    .createTable('flow_template_version')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull().references('flow_template.id').onDelete('cascade'))
    .addColumn('version_no', 'integer', (c) => c.notNull())
    // draft, published or archived.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('node_tree', 'text', (c) => c.notNull())
    // The form design the version was published with, so a running instance keeps its form.
    .addColumn('form_snapshot', 'text')
    .addColumn('checksum', 'text')
    .addColumn('published_at', 'bigint')
    .addColumn('published_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema
    .createIndex('flow_template_version_no')
    .on('flow_template_version')
    .columns(['template_id', 'version_no'])
    .unique()
    .execute();

  await db.schema
    .createTable('flow_instance')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('bill_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('status_before_suspend', 'integer')
    .addColumn('initiator_id', 'text', (c) => c.notNull())
    // The user who launched on the initiator's behalf (launch delegation).
    .addColumn('delegated_by', 'text')
    .addColumn('submitted_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('form_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('current_node_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_node_names', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('completion', 'integer', (c) => c.notNull().defaultTo(0))
    // Choices made at submit or approval: { candidates: {nodeId: users}, branches: [...], errorRule: {...} }.
    .addColumn('choices', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('parent_instance_id', 'text')
    .addColumn('parent_node_instance_id', 'text')
    .addColumn('is_async', 'integer', (c) => c.notNull().defaultTo(0))
    // Set while a reject with "return to the rejecting node" waits for the resubmission.
    .addColumn('return_to_node_id', 'text')
    .addColumn('last_record_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_instance_initiator')
    .on('flow_instance')
    .columns(['initiator_id', 'status', 'submitted_at'])
    .execute();
  await db.schema.createIndex('flow_instance_template').on('flow_instance').column('template_id').execute();
  await db.schema.createIndex('flow_instance_parent').on('flow_instance').column('parent_instance_id').execute();

  await db.schema
    .createTable('flow_node_instance')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    // pending, active, completed, rejected, skipped, void.
    .addColumn('state', 'text', (c) => c.notNull())
    // The group and branch the node runs in ("groupNodeId/branchNodeId" from the outermost), for joins.
    .addColumn('branch_scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('multi_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pass_threshold', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approved_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('property_snapshot', 'text', (c) => c.notNull().defaultTo('{}'))
    // The node instance whose completion created this one (recall rolls back what an approval made).
    .addColumn('created_by_node_instance_id', 'text')
    .addColumn('due_at', 'bigint')
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('flow_node_instance_instance').on('flow_node_instance').column('instance_id').execute();

  await db.schema
    .createTable('flow_operator')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('node_instance_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.notNull())
    // rule, candidate, transfer, assign, delegate, addSignBefore, addSignAfter, emptyPolicy, autoDedup.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('original_assignee_id', 'text')
    .addColumn('parent_operator_id', 'text')
    .addColumn('sequence_index', 'integer', (c) => c.notNull().defaultTo(0))
    // waiting (not yet its turn), pending, done, void.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('handle_status', 'integer')
    .addColumn('handled_at', 'bigint')
    .addColumn('draft_data', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint')
    .addColumn('remind_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('overdue_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batchable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The to-do list: a user's pending operators, newest first.
  await db.schema
    .createIndex('flow_operator_todo')
    .on('flow_operator')
    .columns(['assignee_id', 'state', 'received_at'])
    .execute();
  await db.schema.createIndex('flow_operator_instance').on('flow_operator').column('instance_id').execute();

  await db.schema
    .createTable('flow_record')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('node_instance_id', 'text')
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text')
    .addColumn('handle_status', 'integer', (c) => c.notNull())
    .addColumn('handler_id', 'text', (c) => c.notNull())
    .addColumn('target_user_ids', 'text')
    .addColumn('opinion', 'text')
    .addColumn('sign_img', 'text')
    .addColumn('file_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('form_diff', 'text')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('request_id', 'text')
    // user, system-timer, system-rule, admin.
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('user'))
    // A recall takes the record back: it stays in history, marked.
    .addColumn('recalled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_record_instance')
    .on('flow_record')
    .columns(['instance_id', 'created_at'])
    .execute();
  // The done list: what a user handled, newest first.
  await db.schema.createIndex('flow_record_handler').on('flow_record').columns(['handler_id', 'created_at']).execute();
  // A replayed request (same user, same request id) is answered from its first record.
  await db.schema
    .createIndex('flow_record_request')
    .on('flow_record')
    .columns(['handler_id', 'request_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('flow_circulate')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('node_instance_id', 'text')
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // rule, approver, initiator.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_circulate_user').on('flow_circulate').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('flow_circulate_instance').on('flow_circulate').column('instance_id').execute();

  await db.schema
    .createTable('flow_delegation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'text', (c) => c.notNull())
    // 0 approval, 1 launch.
    .addColumn('kind', 'integer', (c) => c.notNull().defaultTo(0))
    // Empty: every template; else comma-separated template ids.
    .addColumn('template_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('flow_delegation_user').on('flow_delegation').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('flow_comment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('file', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_comment_instance')
    .on('flow_comment')
    .columns(['instance_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'flow_comment',
    'flow_delegation',
    'flow_circulate',
    'flow_record',
    'flow_operator',
    'flow_node_instance',
    'flow_instance',
    'flow_template_version',
    'flow_template',
  ])
    await db.schema.dropTable(table).execute();
}
