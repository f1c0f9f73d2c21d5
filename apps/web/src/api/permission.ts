import type {
  PickerTreeNode,
  RoleForm,
  RoleInfo,
  RoleListItem,
  UserDetail,
  UserForm,
  UserListItem,
} from '@atrium/shared';
import { request } from './request.ts';
import { resourceApi } from './resource.ts';

const USERS = '/api/permission/Users';

/** User calls: the list, detail and changes, password reset, unlock and export. */
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

export const roleApi = {
  ...resourceApi<RoleListItem, RoleInfo, RoleForm>('/api/permission/Role'),
  selector: async () =>
    (await request<{ list: PickerTreeNode[] }>({ url: '/api/permission/Role/Selector' })).data?.list ?? [],
};
