import type {
  ImportPreview,
  ImportResult,
  PickerTreeNode,
  RoleForm,
  RoleInfo,
  RoleListItem,
  UserDetail,
  UserForm,
  UserListItem,
} from '@atrium/shared';
import { request } from '../../../api/request.ts';
import { resourceApi } from '../../../components/admin/index.ts';
import type { ImportApi } from '../../../components/import-dialog/index.ts';

const USERS = '/api/permission/Users';

/** User calls of spec 2 section 7. */
export const userApi = {
  ...resourceApi<UserListItem, UserDetail, UserForm>(USERS),
  resetPassword: (id: string, md5hex: string) =>
    request({
      url: `${USERS}/${encodeURIComponent(id)}/Actions/ResetPassword`,
      method: 'POST',
      data: { userPassword: md5hex, validatePassword: md5hex },
    }),
  unlock: (id: string) => request({ url: `${USERS}/${encodeURIComponent(id)}/Actions/unlock`, method: 'PUT' }),
  /** Answers the download URL of the users matching the list's filters. */
  exportExcel: async (query: { keyword?: string; organizeId?: string }) =>
    (await request<{ url: string }>({ url: `${USERS}/ExportExcel`, data: query })).data!.url,
};

/** The user import of the batch import dialog. */
export const userImportApi: ImportApi = {
  uploadUrl: `${USERS}/Uploader`,
  template: async () => (await request<{ url: string }>({ url: `${USERS}/TemplateDownload` })).data!.url,
  preview: async (fileName) =>
    (await request<ImportPreview>({ url: `${USERS}/ImportPreview`, data: { fileName } })).data!,
  importData: async (list) =>
    (await request<ImportResult>({ url: `${USERS}/ImportData`, method: 'POST', data: { list } })).data!,
  exportFailed: async (list) =>
    (await request<{ url: string }>({ url: `${USERS}/ExportExceptionData`, method: 'POST', data: { list } })).data!.url,
};

export const roleApi = {
  ...resourceApi<RoleListItem, RoleInfo, RoleForm>('/api/permission/Role'),
  selector: async () =>
    (await request<{ list: PickerTreeNode[] }>({ url: '/api/permission/Role/Selector' })).data?.list ?? [],
};

export interface PositionsByOrganize {
  id: string;
  fullName: string;
  children: { id: string; fullName: string; organizeId: string }[];
}

export async function positionsOf(organizeIds: string[]): Promise<PositionsByOrganize[]> {
  if (!organizeIds.length) return [];
  const res = await request<{ list: PositionsByOrganize[] }>({
    url: '/api/permission/Position/getListByOrgIds',
    method: 'POST',
    data: { organizeIds },
  });
  return res.data?.list ?? [];
}

export async function groupOptions(): Promise<PickerTreeNode[]> {
  return (await request<{ list: PickerTreeNode[] }>({ url: '/api/permission/Group/Selector' })).data?.list ?? [];
}
