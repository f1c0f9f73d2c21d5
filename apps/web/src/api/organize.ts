import type {
  GroupForm,
  GroupInfo,
  GroupListItem,
  OrganizeForm,
  OrganizeInfo,
  OrganizeListItem,
  PickerTreeNode,
  PositionForm,
  PositionInfo,
  PositionListItem,
} from '@atrium/shared';
import { request } from './request.ts';
import { resourceApi } from './resource.ts';

const ORG = '/api/permission/Organize';

/** Calls of organisations, positions and permission groups. */
export const organizeApi = {
  list: async (keyword: string) =>
    (await request<{ list: OrganizeListItem[] }>({ url: ORG, data: { keyword } })).data?.list ?? [],
  info: async (id: string) => (await request<OrganizeInfo>({ url: `${ORG}/${encodeURIComponent(id)}` })).data!,
  createCompany: (body: OrganizeForm) => request({ url: ORG, method: 'POST', data: { ...body, category: 'company' } }),
  createDepartment: (body: OrganizeForm) => request({ url: `${ORG}/Department`, method: 'POST', data: body }),
  update: (id: string, body: OrganizeForm) =>
    request({ url: `${ORG}/${encodeURIComponent(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `${ORG}/${encodeURIComponent(id)}`, method: 'DELETE' }),
  /** Picker tree without `excludeId` and its subtree ('0' = nothing excluded). */
  selector: async (excludeId = '0') =>
    (await request<{ list: PickerTreeNode[] }>({ url: `${ORG}/Selector/${encodeURIComponent(excludeId)}` })).data
      ?.list ?? [],
};

export const positionApi = resourceApi<PositionListItem, PositionInfo, PositionForm>('/api/permission/Position');
export const groupApi = resourceApi<GroupListItem, GroupInfo, GroupForm>('/api/permission/Group');

export interface UserOption {
  id: string;
  account: string;
  realName: string;
}

/** The first users matching a keyword, for the manager picker. */
export async function searchUsers(keyword: string): Promise<UserOption[]> {
  const res = await request<{ list: UserOption[] }>({
    url: '/api/permission/Users',
    data: { keyword, currentPage: 1, pageSize: 20 },
  });
  return res.data?.list ?? [];
}

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
