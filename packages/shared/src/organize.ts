/**
 * Wire types of organisations (companies and departments), positions and permission groups.
 */

export type OrganizeCategory = 'company' | 'department';

/** parentId of a top-level organisation. */
export const ORGANIZE_TOP_PARENT = '-1';

/** The fields every organisation, position, group and role shows in its list row and its detail. */
export interface NamedRecord {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  description: string;
}

/** A list row adds when the record was created. */
export interface ListedRecord extends NamedRecord {
  creatorTime: number;
}

/** A detail adds the version that PUT must send back (optimistic locking). */
export interface VersionedRecord extends NamedRecord {
  version: number;
}

/** Body of POST/PUT of a named record; the server fills in what is left out; `version` is required on PUT. */
export interface NamedRecordForm {
  fullName: string;
  enCode: string;
  enabledMark?: number;
  sortCode?: number;
  description?: string | null;
  version?: number;
}

/** What the organisation tree-table row and the organisation detail share. */
interface OrganizeFields {
  parentId: string;
  category: OrganizeCategory;
  managerId: string | null;
  managerName: string;
  organizeIdTree: string;
}

/** One row of the organisation tree-table (GET /api/permission/Organize). */
export interface OrganizeListItem extends ListedRecord, OrganizeFields {
  hasChildren: boolean;
  children?: OrganizeListItem[];
}

/** Detail of one organisation (GET .../Organize/{id}); PUT sends it back with the same version. */
export interface OrganizeInfo extends VersionedRecord, OrganizeFields {}

/** Body of POST/PUT of an organisation; `version` is required on PUT. */
export interface OrganizeForm extends NamedRecordForm {
  parentId: string;
  category?: OrganizeCategory;
  managerId?: string | null;
}

/** Node kinds of the user/organisation pickers. */
export type PickerNodeType = 'company' | 'department' | 'role' | 'position' | 'group' | 'user';

/** Tree node of the pickers and selectors. */
export interface PickerTreeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode?: string;
  type: PickerNodeType;
  isLeaf: boolean;
  hasChildren: boolean;
  icon: string;
  /** Path of organisation names from the top, joined with '/'. */
  organize: string;
  /** Path of organisation ids from the top, the node itself last (for organisations). */
  organizeIds: string[];
  /** The names of `organizeIds` joined with '/'. */
  lastFullName: string;
  disabled?: boolean;
  headIcon?: string;
  sortCode?: number;
  children?: PickerTreeNode[];
}

/** The allowed-scope query (OrganizeCondition, PositionCondition). */
export interface AllowedScopeQuery {
  keyword?: string;
  departIds?: string[];
  positionIds?: string[];
  userIds?: string[];
  roleIds?: string[];
  groupIds?: string[];
}

export interface PositionListItem extends ListedRecord {
  organizeId: string;
  organizeName: string;
  userCount: number;
  /** The position's job grade, when it has one. */
  gradeId: string | null;
  gradeName: string;
}

export interface PositionInfo extends VersionedRecord {
  organizeId: string;
  gradeId: string | null;
}

export interface PositionForm extends NamedRecordForm {
  organizeId: string;
  gradeId?: string | null;
}

export interface GroupListItem extends ListedRecord {
  memberCount: number;
}

export type GroupInfo = VersionedRecord;

export type GroupForm = NamedRecordForm;
