/**
 * Wire types of user and role management: the list rows, the detail
 * that PUT sends back with its version, and the shapes of the Excel import.
 */

import type { ListedRecord, NamedRecordForm, VersionedRecord } from './organize.ts';

/** 1 male, 2 female; null when not given. */
export type Gender = 1 | 2;

/** What a user's list row and detail share. */
interface UserFields {
  id: string;
  account: string;
  realName: string;
  gender: number | null;
  mobilePhone: string;
  email: string;
  enabledMark: number;
  lockMark: number;
  isAdministrator: number;
  sortCode: number;
  creatorTime: number;
}

/** One row of GET /api/permission/Users. */
export interface UserListItem extends UserFields {
  organizeId: string | null;
  organizeName: string;
  /** The user's job grade, when they have one. */
  gradeId: string | null;
  gradeName: string;
}

/** GET /api/permission/Users/{id}. The first of organizeIdList is the major organisation. */
export interface UserDetail extends UserFields {
  headIcon: string;
  organizeIdList: string[];
  positionIdList: string[];
  roleIdList: string[];
  groupIdList: string[];
  managerId: string | null;
  managerName: string;
  /** Item ids of the education and nation dictionaries. */
  education: string | null;
  nation: string | null;
  /** The user's job grade. */
  gradeId: string | null;
  description: string;
  version: number;
}

/** Body of POST and PUT /api/permission/Users; `version` is required on PUT. */
export interface UserForm {
  account: string;
  realName: string;
  gender?: number | null;
  mobilePhone?: string;
  email?: string;
  organizeIdList: string[];
  positionIdList?: string[];
  roleIdList?: string[];
  groupIdList?: string[];
  managerId?: string | null;
  education?: string | null;
  nation?: string | null;
  /** Left out: an update keeps the stored grade; null clears it. */
  gradeId?: string | null;
  enabledMark?: number;
  sortCode?: number;
  description?: string | null;
  version?: number;
}

/** A user as the pickers show it (getUserList, UserCondition, GetUsersByPositionId, ...). */
export interface UserOption {
  id: string;
  fullName: string;
  account: string;
  realName: string;
  headIcon: string;
  /** Names of the user's major organisation path joined with '/'. */
  organize: string;
  type: 'user';
  isLeaf: true;
}

/** POST /api/permission/Users/{id}/Actions/ResetPassword: md5 hex of the new password, twice. */
export interface ResetPasswordForm {
  userPassword: string;
  validatePassword: string;
}

/** One row of the user import: the spreadsheet columns, in this order. */
export interface UserImportRow {
  account: string;
  realName: string;
  gender: string;
  mobilePhone: string;
  email: string;
  organize: string;
  position: string;
  role: string;
  description: string;
}

/** The columns of the user spreadsheet, in order (ids are the keys of UserImportRow). */
export const USER_IMPORT_COLUMNS: (keyof UserImportRow)[] = [
  'account',
  'realName',
  'gender',
  'mobilePhone',
  'email',
  'organize',
  'position',
  'role',
  'description',
];

/** Rows per import and file size. */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 500 * 1024;

/** GET .../ImportPreview. */
export interface ImportPreview<Row = Record<string, string>> {
  headerRow: { id: string; fullName: string; children?: { id: string; fullName: string }[] }[];
  dataRow: Row[];
}

/** POST .../ImportData: resultType 0 all imported, 1 some failed. */
export interface ImportResult<Row = Record<string, string>> {
  resultType: number;
  snum: number;
  fnum: number;
  failResult: (Row & { errorsInfo: string })[];
}

/** GET /api/permission/Role rows. */
export interface RoleListItem extends ListedRecord {
  globalMark: number;
  organizeId: string | null;
  organizeName: string;
  userCount: number;
}

export interface RoleInfo extends VersionedRecord {
  globalMark: number;
  organizeId: string | null;
}

export interface RoleForm extends NamedRecordForm {
  globalMark: number;
  organizeId?: string | null;
}

/** The id of the 'global' node of the role selector. */
export const ROLE_GLOBAL_NODE = '1';

/**
 * The users list's columns and the user form's fields that grants control one by one (menu
 * permission.user): the server leaves out and ignores those a caller lacks, and the web hides them.
 */
export const USER_GRANTED_COLUMNS = ['account', 'realName', 'gender', 'mobilePhone', 'email', 'organizeName'] as const;
export const USER_GRANTED_FORM_FIELDS = [
  'gender',
  'mobilePhone',
  'email',
  'managerId',
  'education',
  'nation',
  'description',
] as const;
