import type { LayoutType, PageResult } from '@atrium/shared';
import { request } from './request.ts';

/** The signed-in user's own data (docs/shell-api.md, prefix /api/permission/Users/Current). */
const BASE = '/api/permission/Users/Current';

export type Gender = 1 | 2;

export interface BaseInfo {
  id: string;
  account: string;
  realName: string;
  gender: Gender | null;
  mobilePhone: string;
  email: string;
  headIcon: string;
  description: string;
  organizeName: string;
  departmentName: string;
  positionName: string;
  roleName: string;
  managerName: string;
  creatorTime: number | null;
  lastLoginTime: number | null;
  language: string;
  theme: LayoutType;
}

export interface BaseInfoForm {
  realName: string;
  gender: Gender | null;
  mobilePhone: string;
  email: string;
  description: string;
}

export interface Subordinate {
  id: string;
  /** 'name/account' */
  fullName: string;
  headIcon: string;
  department: string;
  position: string;
  isLeaf: boolean;
}

export interface AuthorizeNode {
  id: string;
  fullName: string;
  icon?: string;
  children?: AuthorizeNode[];
}

export const AUTHORIZE_KINDS = ['module', 'button', 'column', 'form', 'resource'] as const;
export type AuthorizeKind = (typeof AUTHORIZE_KINDS)[number];
export type Authorize = Record<AuthorizeKind, AuthorizeNode[]>;

/** Log categories: 1 sign-ins, 5 operations. */
export type SystemLogCategory = 1 | 5;

export interface SystemLogQuery {
  category: SystemLogCategory;
  currentPage: number;
  pageSize: number;
  keyword?: string;
  startTime?: number;
  endTime?: number;
}

export interface SystemLogEntry {
  id: string;
  creatorTime: number;
  ipAddress: string;
  ipAddressName: string;
  platForm: string;
  abstracts: string;
  requestURL: string;
  requestMethod: string;
  requestDuration: number | null;
}

export interface UserOrganize {
  id: string;
  /** Path 'company/department'. */
  fullName: string;
  isDefault: boolean;
}

export interface UserPosition {
  id: string;
  fullName: string;
  organizeName: string;
  isDefault: boolean;
}

export type MajorType = 'Organize' | 'Position' | 'System';

export interface SignImage {
  id: string;
  /** Data URL (png). */
  signImg: string;
  isDefault: boolean;
  creatorTime: number | null;
}

export function getBaseInfo() {
  return request<BaseInfo>({ url: `${BASE}/BaseInfo` });
}

export function updateBaseInfo(form: BaseInfoForm) {
  return request<void>({ url: `${BASE}/BaseInfo`, method: 'PUT', data: form });
}

/** `name` is what the avatar upload answered. */
export function setAvatar(name: string) {
  return request<void>({ url: `${BASE}/Avatar/${encodeURIComponent(name)}`, method: 'PUT' });
}

/** Both passwords as md5 hex. */
export function modifyPassword(oldPassword: string, password: string) {
  return request<void>({ url: `${BASE}/Actions/ModifyPassword`, method: 'POST', data: { oldPassword, password } });
}

/** `id` '0' = the caller. */
export function getSubordinates(id: string) {
  return request<Subordinate[]>({ url: `${BASE}/Subordinate/${encodeURIComponent(id)}` });
}

export function getAuthorize() {
  return request<Authorize>({ url: `${BASE}/Authorize` });
}

export function getSystemLog(query: SystemLogQuery) {
  return request<PageResult<SystemLogEntry>>({ url: `${BASE}/SystemLog`, data: query });
}

export function getUserOrganizes() {
  return request<UserOrganize[]>({ url: `${BASE}/getUserOrganizes` });
}

export function getUserPositions() {
  return request<UserPosition[]>({ url: `${BASE}/getUserPositions` });
}

/** Makes one of the user's own organisations, positions or systems the current one; msg '切换成功'. */
export function setMajor(majorId: string, majorType: MajorType) {
  return request<void>({ url: `${BASE}/major`, method: 'PUT', data: { majorId, majorType } });
}

export function getSignImages() {
  return request<SignImage[]>({ url: `${BASE}/SignImg` });
}

export function addSignImage(signImg: string, isDefault?: boolean) {
  return request<void>({ url: `${BASE}/SignImg`, method: 'POST', data: { signImg, isDefault } });
}

export function setDefaultSignImage(id: string) {
  return request<void>({ url: `${BASE}/${encodeURIComponent(id)}/SignImg`, method: 'PUT' });
}

export function deleteSignImage(id: string) {
  return request<void>({ url: `${BASE}/${encodeURIComponent(id)}/SignImg`, method: 'DELETE' });
}
