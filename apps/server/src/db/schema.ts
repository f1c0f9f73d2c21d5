/** Table types for Kysely. Times are epoch milliseconds; flags are 0/1 integers on both dialects. */

import type { Generated } from 'kysely';

export interface Audit {
  created_at: number;
  created_by: string | null;
  updated_at: number | null;
  updated_by: string | null;
  enabled: number;
  sort_code: number;
}

export interface SysConfigTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface RevisionTable {
  name: string;
  value: number;
}

export interface AppSystemTable extends Audit {
  id: string;
  /** The name in zh-CN; `full_name_i18n` holds the other languages' as JSON (modules/authorize/names.ts). */
  full_name: string;
  full_name_i18n: string;
  en_code: string;
  icon: string;
  description: string | null;
  version: number;
}

export interface MenuTable extends Audit {
  id: string;
  system_id: string;
  parent_id: string;
  type: number;
  /** The name in zh-CN; `full_name_i18n` holds the other languages' as JSON (modules/authorize/names.ts). */
  full_name: string;
  full_name_i18n: string;
  en_code: string;
  icon: string;
  url_address: string;
  link_target: string;
  property_json: string;
  description: string | null;
  version: number;
}

/** A menu's buttons, list columns and form fields: what a grant can name inside one menu. */
export interface MenuElementTable extends Audit {
  id: string;
  menu_id: string;
  kind: 'button' | 'column' | 'form';
  full_name: string;
  en_code: string;
  version: number;
}

/** A data scheme of a menu: a condition applied to the menu's list queries. */
export interface MenuResourceTable extends Audit {
  id: string;
  menu_id: string;
  full_name: string;
  en_code: string;
  condition_json: string;
  match_logic: string;
  all_data: number;
  version: number;
}

/** The version of one object's whole set of grants (role, position, user or organisation). */
export interface AuthorizeObjectTable {
  object_type: 'role' | 'position' | 'user' | 'organize';
  object_id: string;
  version: number;
  updated_at: number;
  updated_by: string | null;
}

/** A user's list columns (order and visibility) for one menu, as JSON text of [{prop,label,visible}]. */
export interface ColumnSettingTable {
  user_id: string;
  module_id: string;
  field_list: string;
  updated_at: number;
}

export interface OrganizeTable extends Audit {
  id: string;
  parent_id: string;
  category: 'company' | 'department';
  en_code: string;
  full_name: string;
  manager_id: string | null;
  organize_id_tree: string;
  description: string | null;
  version: number;
}

export interface PositionTable extends Audit {
  id: string;
  organize_id: string;
  full_name: string;
  en_code: string;
  description: string | null;
  version: number;
  /** The position's job grade (016-grades-feedback). */
  grade_id: string | null;
}

export interface RoleTable extends Audit {
  id: string;
  full_name: string;
  en_code: string;
  global_mark: number;
  organize_id: string | null;
  description: string | null;
  version: number;
}

export interface UserGroupTable extends Audit {
  id: string;
  full_name: string;
  en_code: string;
  description: string | null;
  version: number;
}

export interface UsersTable extends Audit {
  id: string;
  account: string;
  real_name: string;
  gender: number | null;
  head_icon: string;
  mobile_phone: string;
  email: string;
  is_administrator: number;
  manager_id: string | null;
  /** The major organisation (department) and position. */
  organize_id: string | null;
  position_id: string | null;
  /** The system whose menus the user currently sees. */
  system_id: string | null;
  theme: string;
  language: string;
  /** 1 while locked out after too many failed sign-ins. */
  lock_mark: number;
  /** For timed lockouts: when the lock lifts by itself (epoch ms). */
  unlock_time: number | null;
  login_error_count: number;
  last_login_time: number | null;
  last_login_ip: string | null;
  last_login_place: string | null;
  prev_login_time: number | null;
  prev_login_ip: string | null;
  prev_login_place: string | null;
  description: string | null;
  version: number;
  /** JSON object of shell settings (colour, dark mode, tags, cache...). */
  preferences: string;
  /** Item ids of the education and nation dictionaries (005-dictionary). */
  education: string | null;
  nation: string | null;
  /** The user's job grade (016-grades-feedback). */
  grade_id: string | null;
}

/** A job grade (rank) that positions and users carry (016-grades-feedback). */
export interface JobGradeTable extends Audit {
  id: string;
  full_name: string;
  en_code: string;
  grade_level: number;
  description: string | null;
  version: number;
}

/** A message a user left for the administrators (016-grades-feedback); status 0 open, 1 handled. */
export interface FeedbackTable {
  id: string;
  user_id: string;
  content: string;
  contact: string;
  /** The stored name of the screenshot image, under the feedback file category. */
  screenshot: string | null;
  status: number;
  handled_by: string | null;
  handled_at: number | null;
  created_at: number;
}

export interface UserRelationTable {
  id: string;
  user_id: string;
  object_type: 'Organize' | 'Position' | 'Role' | 'Group';
  object_id: string;
  sort_code: number;
  created_at: number;
  created_by: string | null;
}

export interface AuthorizeTable {
  id: string;
  item_type: 'system' | 'module' | 'button' | 'column' | 'form' | 'resource' | 'portal';
  item_id: string;
  object_type: 'role' | 'position' | 'user' | 'organize';
  object_id: string;
  created_at: number;
  created_by: string | null;
}

export interface SessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  device: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  locked: number;
  /** Set when another sign-in ended this session (single login); the token then answers 601. */
  ended_at: number | null;
  end_reason: string | null;
}

/** The password hash of a user, kept in the credential store (db/index.ts). */
export interface UserCredentialTable {
  user_id: string;
  password_hash: string;
}

/** Keys every instance shares, such as the file-ticket signing key; in the credential store. */
export interface ServerSecretTable {
  name: string;
  value: string;
}

export interface CaptchaTable {
  key: string;
  code: string;
  expires_at: number;
}

export interface SysLogTable {
  id: string;
  /** 1 sign-in, 5 operation. */
  category: number;
  user_id: string | null;
  user_name: string;
  ip: string;
  place: string;
  user_agent: string;
  /**
   * A stable code, translated when listed (core/log-text.ts): the sign-in outcome ('success',
   * 'locked', 'bad-credentials', 'disabled'); for operations the route's summary (older rows: with
   * the status in brackets).
   */
  abstracts: string;
  request_url: string;
  request_method: string;
  /** HTTP status of an operation; 0 on sign-in rows and on rows older than the column. */
  status: Generated<number>;
  duration: number;
  created_at: number;
}

/** One administrative change (019-audit-log, core/audit.ts); written once, never updated. */
export interface AuditLogTable {
  id: string;
  created_at: number;
  user_id: string | null;
  account: string;
  real_name: string;
  ip: string;
  user_agent: string;
  method: string;
  /** The route pattern, e.g. `/api/permission/Users/:id`. */
  url: string;
  /** What was changed: 'user', 'organize', 'authorize', 'sysConfig' ... */
  resource: string;
  resource_id: string | null;
  action: 'create' | 'update' | 'delete' | 'other';
  /** The resource as JSON before and after the change, secrets removed; null when it did not exist. */
  before_json: string | null;
  after_json: string | null;
  request_id: string;
}

export interface UserSignImgTable {
  id: string;
  user_id: string;
  /** data URL of a PNG or JPEG. */
  sign_img: string;
  is_default: number;
  created_at: number;
}

/** One-time tickets that open Atrium in a new window without a token in the URL. */
export interface TicketTable {
  ticket_hash: string;
  user_id: string;
  expires_at: number;
}

export interface MessageTable {
  id: string;
  title: string;
  /** 1 notice, 2 flow, 3 system. */
  type: number;
  body_text: string;
  files: string;
  flow_type: number | null;
  release_time: number | null;
  release_user_id: string | null;
  created_at: number;
  created_by: string | null;
  /** 011-messaging. Notices: 0 draft, 1 released (2 expired is computed from expire_time); other types 1. */
  state: Generated<number>;
  category: Generated<string>;
  /** 1 normal, 2 important, 3 urgent. */
  urgent: Generated<number>;
  expire_time: number | null;
  /** JSON array of picker values (`id--type`) a notice goes to; empty = everyone. */
  recipients: Generated<string>;
  /** Plain-text start of the body for lists. */
  excerpt: Generated<string>;
  updated_at: number | null;
  updated_by: string | null;
  version: number;
}

export interface MessageReceiveTable {
  id: string;
  message_id: string;
  user_id: string;
  is_read: number;
  read_time: number | null;
  created_at: number;
}

/** A chat message (011-messaging); each side may delete its own copy. */
export interface ImContentTable {
  id: string;
  send_user_id: string;
  receive_user_id: string;
  send_time: number;
  receive_time: number | null;
  /** Escaped text, or JSON text {name, path, width, height} for an image. */
  content: string;
  content_type: string;
  /** 0 unread, 1 read by the recipient. */
  state: number;
  send_deleted: number;
  receive_deleted: number;
}

/** One user's conversation with another, with its latest message (011-messaging). */
export interface ImReplyTable {
  user_id: string;
  other_user_id: string;
  latest_message: string;
  latest_type: string;
  latest_time: number;
  /** 1 once removed from the list, until the next message. */
  hidden: number;
}

/** A print template (009-print-dev): category is a printCategory dictionary enCode, page_param JSON. */
export interface PrintTemplateTable extends Audit {
  id: string;
  full_name: string;
  en_code: string;
  category: string;
  type: number;
  sql_template: string;
  print_template: string;
  page_param: string;
  description: string | null;
  version: number;
}

/** A dictionary type (005-dictionary): a node of the type tree; parent_id '-1' at the top. */
export interface DictionaryTypeTable extends Audit {
  id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  is_tree: number;
  description: string | null;
  version: number;
}

/** A dictionary item (005-dictionary); en_code is unique within its type; parent_id '-1' at the top. */
export interface DictionaryDataTable extends Audit {
  id: string;
  type_id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  simple_spelling: string;
  is_default: number;
  description: string | null;
  version: number;
}

/** A bill rule (007-bill-rule): this_number counts the numbers issued in the period date_part (0 = none yet). */
export interface BillRuleTable extends Audit {
  id: string;
  full_name: string;
  en_code: string;
  category: string;
  prefix: string;
  date_format: string;
  digit: number;
  start_number: string;
  this_number: number;
  date_part: string;
  description: string | null;
  version: number;
}

/** An administrative area; seeded areas use their administrative code as id. */
export interface AreaTable extends Audit {
  id: string;
  /** '-1' at the top (provinces). */
  parent_id: string;
  en_code: string;
  full_name: string;
  quick_query: string;
  /** 1 province, 2 city, 3 district, 4 street. */
  type: number;
  description: string | null;
  version: number;
}

/** A notice template: a reusable notice text (sanitised HTML) that the notice editor offers. */
export interface OaTemplateTable {
  id: string;
  full_name: string;
  content: string;
  /** The plain-text start of the content, for the picker's list. */
  excerpt: string;
  created_at: number;
  created_by: string | null;
}

/** A message template; template_json is JSON text of the declared parameters [{field, fieldName}]. */
export interface MessageTemplateTable extends Audit {
  id: string;
  full_name: string;
  en_code: string;
  /** Dictionary item id of the messageCategory type ('' = none). */
  category: string;
  /** 1 notice, 2 flow, 3 system. */
  message_type: number;
  /** 1 in-app, 2 e-mail, 3 SMS, 4 WeCom. */
  channel: number;
  title: string;
  content: string;
  template_json: string;
  description: string | null;
  version: number;
}

/** A data interface category (008-data-interface): fixed reference rows. */
export interface DataInterfaceCategoryTable {
  id: string;
  en_code: string;
  full_name: string;
  sort_code: number;
}

/**
 * A data interface (008-data-interface): data_type 1 SQL, 2 static JSON, 3 HTTP API; the JSON
 * columns hold requestParameters, requestHeaders and propertyJson as the API names them.
 */
export interface DataInterfaceTable extends Audit {
  id: string;
  category_id: string;
  full_name: string;
  en_code: string;
  data_type: number;
  request_method: string;
  check_type: number;
  query: string;
  request_parameters: string;
  request_headers: string;
  data_processing: string;
  property_json: string;
  description: string | null;
  version: number;
}

/** One call of a data interface (008-data-interface). */
export interface DataInterfaceLogTable {
  id: string;
  interface_id: string;
  invoked_at: number;
  user_id: string | null;
  duration_ms: number;
  ip: string;
  device: string;
  action: string;
  ok: number;
  error: string | null;
}

/**
 * A durable job (014-jobs, core/jobs): `payload` is JSON; `run_at`, `lease_until` and the stamps
 * are epoch milliseconds; `interval_ms` is set on the one row of a recurring job.
 */
export interface JobTable {
  id: string;
  kind: string;
  payload: string;
  run_at: number;
  attempts: number;
  max_attempts: number;
  state: 'pending' | 'running' | 'done' | 'dead';
  interval_ms: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
}

/** A designed form and list (018-visualdev); the released_* columns are what the runtime reads. */
export interface VisualdevModelTable extends Audit {
  id: string;
  full_name: string;
  en_code: string;
  /** 0 draft (never released or changed since), 1 released. */
  state: number;
  type: number;
  category: string;
  web_type: number;
  form_data: string;
  column_data: string;
  app_data: string;
  released_form_data: string | null;
  released_column_data: string | null;
  released_app_data: string | null;
  released_at: number | null;
  /** The records' main table, fixed at the first release. */
  table_name: string | null;
  /** The type 3 menu entry release made. */
  menu_id: string | null;
  description: string | null;
  version: number;
}

/** A column release made in a designed table, with the storage kind it was made for. */
export interface VisualdevColumnTable {
  model_id: string;
  table_name: string;
  column_name: string;
  storage: string;
}

/** A flow template (020-workflow): what staff launch; `current_version_id` is its published version. */
export interface FlowTemplateTable extends Audit {
  id: string;
  en_code: string;
  full_name: string;
  category: string;
  flow_type: number;
  form_type: number;
  form_id: string | null;
  icon: string | null;
  icon_background: string | null;
  description: string | null;
  current_version_id: string | null;
  version: number;
}

/** One version of a template's node tree; frozen once `state` is published. */
export interface FlowTemplateVersionTable {
  id: string;
  template_id: string;
  version_no: number;
  state: 'draft' | 'published' | 'archived';
  node_tree: string;
  form_snapshot: string | null;
  checksum: string | null;
  published_at: number | null;
  published_by: string | null;
  created_at: number;
  created_by: string | null;
}

/** A launched flow (JNPF "task"). */
export interface FlowInstanceTable {
  id: string;
  template_id: string;
  version_id: string;
  bill_no: string;
  title: string;
  urgent: number;
  status: number;
  status_before_suspend: number | null;
  initiator_id: string;
  delegated_by: string | null;
  submitted_at: number | null;
  finished_at: number | null;
  form_data: string;
  current_node_ids: string;
  current_node_names: string;
  completion: number;
  choices: string;
  parent_instance_id: string | null;
  parent_node_instance_id: string | null;
  is_async: number;
  return_to_node_id: string | null;
  last_record_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

/** One entry of an instance into a node. */
export interface FlowNodeInstanceTable {
  id: string;
  instance_id: string;
  node_id: string;
  node_type: string;
  name: string;
  round: number;
  state: 'pending' | 'active' | 'completed' | 'rejected' | 'skipped' | 'void';
  branch_scope: string;
  multi_mode: number;
  pass_threshold: number;
  total_count: number;
  approved_count: number;
  rejected_count: number;
  property_snapshot: string;
  created_by_node_instance_id: string | null;
  due_at: number | null;
  entered_at: number;
  completed_at: number | null;
  /** SHA-256 (hex) of the token a trigger waiting for a callback is answered with; null once spent. */
  callback_token_digest: string | null;
  version: number;
}

/** One person's to-do on a node instance. */
export interface FlowOperatorTable {
  id: string;
  instance_id: string;
  node_instance_id: string;
  node_id: string;
  node_name: string;
  assignee_id: string;
  source: string;
  original_assignee_id: string | null;
  parent_operator_id: string | null;
  sequence_index: number;
  state: 'waiting' | 'pending' | 'done' | 'void';
  handle_status: number | null;
  handled_at: number | null;
  draft_data: string | null;
  received_at: number;
  due_at: number | null;
  remind_count: number;
  overdue_count: number;
  batchable: number;
  read_at: number | null;
  version: number;
}

/** The approval history (append-only apart from `visible` and `recalled`). */
export interface FlowRecordTable {
  id: string;
  instance_id: string;
  node_instance_id: string | null;
  node_id: string;
  node_name: string;
  operator_id: string | null;
  handle_status: number;
  handler_id: string;
  target_user_ids: string | null;
  opinion: string | null;
  sign_img: string | null;
  file_list: string;
  form_diff: string | null;
  visible: number;
  request_id: string | null;
  source: string;
  recalled: number;
  created_at: number;
}

/** A copy (CC) of an instance to a user. */
export interface FlowCirculateTable {
  id: string;
  instance_id: string;
  node_instance_id: string | null;
  node_id: string;
  node_name: string;
  user_id: string;
  source: string;
  read_at: number | null;
  created_at: number;
}

/** Out-of-office delegation: kind 0 approval, 1 launch. */
export interface FlowDelegationTable {
  id: string;
  user_id: string;
  to_user_id: string;
  kind: number;
  template_ids: string;
  start_at: number;
  end_at: number;
  description: string | null;
  enabled: number;
  version: number;
  created_at: number;
  created_by: string | null;
  updated_at: number | null;
  updated_by: string | null;
}

/** A comment on an instance. */
export interface FlowCommentTable {
  id: string;
  instance_id: string;
  text: string;
  image: string;
  file: string;
  deleted: number;
  created_at: number;
  created_by: string;
}

/** Goods of the purchase demo's warehouse (021-purchase), one row per name and specification. */
export interface PurchaseGoodsTable extends Audit {
  id: string;
  name: string;
  spec: string;
  unit: string;
  stock: number;
  version: number;
}

/** A change of the purchase demo's stock: 'in' names the purchase received, 'out' who took it. */
export interface PurchaseStockMoveTable {
  id: string;
  goods_id: string;
  direction: 'in' | 'out';
  quantity: number;
  instance_id: string | null;
  receiver: string;
  reason: string;
  created_at: number;
  created_by: string | null;
}

export interface Database {
  data_interface_category: DataInterfaceCategoryTable;
  data_interface: DataInterfaceTable;
  data_interface_log: DataInterfaceLogTable;
  bill_rule: BillRuleTable;
  dictionary_type: DictionaryTypeTable;
  dictionary_data: DictionaryDataTable;
  sys_config: SysConfigTable;
  revision: RevisionTable;
  app_system: AppSystemTable;
  menu: MenuTable;
  menu_element: MenuElementTable;
  menu_resource: MenuResourceTable;
  organize: OrganizeTable;
  position: PositionTable;
  role: RoleTable;
  user_group: UserGroupTable;
  users: UsersTable;
  user_relation: UserRelationTable;
  authorize: AuthorizeTable;
  authorize_object: AuthorizeObjectTable;
  column_setting: ColumnSettingTable;
  session: SessionTable;
  user_credential: UserCredentialTable;
  server_secret: ServerSecretTable;
  captcha: CaptchaTable;
  sys_log: SysLogTable;
  audit_log: AuditLogTable;
  user_sign_img: UserSignImgTable;
  ticket: TicketTable;
  message: MessageTable;
  message_receive: MessageReceiveTable;
  im_content: ImContentTable;
  im_reply: ImReplyTable;
  print_template: PrintTemplateTable;
  area: AreaTable;
  message_template: MessageTemplateTable;
  oa_template: OaTemplateTable;
  job: JobTable;
  job_grade: JobGradeTable;
  feedback: FeedbackTable;
  visualdev_model: VisualdevModelTable;
  visualdev_column: VisualdevColumnTable;
  flow_template: FlowTemplateTable;
  flow_template_version: FlowTemplateVersionTable;
  flow_instance: FlowInstanceTable;
  flow_node_instance: FlowNodeInstanceTable;
  flow_operator: FlowOperatorTable;
  flow_record: FlowRecordTable;
  flow_circulate: FlowCirculateTable;
  flow_delegation: FlowDelegationTable;
  flow_comment: FlowCommentTable;
  purchase_goods: PurchaseGoodsTable;
  purchase_stock_move: PurchaseStockMoveTable;
}
