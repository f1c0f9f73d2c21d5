import type { PickerTreeNode, UserOption } from '@atrium/shared';
import { request } from '../../api/request.ts';

/**
 * The calls the pickers make. Every list of people or organisations comes from the server already
 * narrowed to what the caller may see (the picker scope), so nothing here filters for safety.
 */
const USERS = '/api/permission/Users';
const ORG = '/api/permission/Organize';

type List<T> = { list: T[] };
const listOf = async <T>(promise: Promise<{ data?: List<T> | null }>) => (await promise).data?.list ?? [];

export interface UserPage {
  list: UserOption[];
  total: number;
}

export const pickerApi = {
  /** One level of the user tree: the organisations under a node and its people ('0' = the top). */
  userLevel: (organizeId: string) =>
    listOf(request<List<PickerTreeNode>>({ url: `${USERS}/getOrganization`, data: { organizeId } })),
  /** People of an organisation subtree ('0' = everyone) by keyword, a page at a time. */
  async searchUsers(query: { keyword: string; organizeId?: string; currentPage: number; pageSize: number }) {
    const res = await request<{ list: UserOption[]; pagination: { total: number } }>({
      url: `${USERS}/SelectorByOrganize`,
      data: { organizeId: '0', ...query },
    });
    return { list: res.data?.list ?? [], total: res.data?.pagination.total ?? 0 } satisfies UserPage;
  },
  /** The people holding a role. */
  usersByRole: (roleId: string) =>
    listOf(request<List<UserOption>>({ url: `${USERS}/GetUsersByRoleOrgId`, data: { roleId } })),
  subordinates: (keyword = '') =>
    listOf(request<List<UserOption>>({ url: `${USERS}/getSubordinates`, method: 'POST', data: { keyword } })),
  /** Only the allowed people ('custom' select type), by keyword, a page at a time. */
  async allowedUsers(userIds: string[], query: { keyword: string; currentPage: number; pageSize: number }) {
    const res = await request<{ list: UserOption[]; pagination: { total: number } }>({
      url: `${USERS}/getSelectedUserList`,
      method: 'POST',
      data: { userId: userIds, ...query },
    });
    return { list: res.data?.list ?? [], total: res.data?.pagination.total ?? 0 } satisfies UserPage;
  },
  /** Display items of stored values (`id` or `id--type`), in the given order; unknown ids are left out. */
  selected: (values: string[]) =>
    values.length
      ? listOf(
          request<List<PickerTreeNode>>({ url: `${USERS}/getSelectedList`, method: 'POST', data: { userId: values } }),
        )
      : Promise.resolve([]),
  /** Organisations: all, or only those the caller is authorised for. */
  organizes: (auth: boolean) =>
    listOf(request<List<PickerTreeNode>>({ url: `${ORG}/${auth ? 'SelectorByAuth' : 'Selector'}/0` })),
  departments: (auth: boolean) =>
    listOf(request<List<PickerTreeNode>>({ url: `${ORG}/Department/${auth ? 'SelectorByAuth' : 'Selector'}/0` })),
  /** The organisation tree limited to the allowed ids and below. */
  organizeCondition: (departIds: string[]) =>
    listOf(request<List<PickerTreeNode>>({ url: `${ORG}/OrganizeCondition`, method: 'POST', data: { departIds } })),
  positions: () => listOf(request<List<PickerTreeNode>>({ url: '/api/permission/Position/Selector' })),
  positionCondition: (positionIds: string[]) =>
    listOf(
      request<List<PickerTreeNode>>({
        url: '/api/permission/Position/PositionCondition',
        method: 'POST',
        data: { positionIds },
      }),
    ),
  roles: () => listOf(request<List<PickerTreeNode>>({ url: '/api/permission/Role/Selector' })),
  groups: () => listOf(request<List<PickerTreeNode>>({ url: '/api/permission/Group/Selector' })),
};

/** Rows of a data interface for the popup widgets. */
export interface InterfaceQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  propsValue: string;
  relationField: string;
  columnOptions: string;
  paramList: { field: string; defaultValue?: unknown }[];
}

export type Row = Record<string, unknown>;

export const interfaceApi = {
  async list(interfaceId: string, query: InterfaceQuery) {
    const res = await request<{ list: Row[]; pagination: { total: number } }>({
      url: `/api/system/DataInterface/${encodeURIComponent(interfaceId)}/Action/List`,
      method: 'POST',
      data: query,
    });
    return { list: res.data?.list ?? [], total: res.data?.pagination.total ?? 0 };
  },
  async byIds(
    interfaceId: string,
    body: { ids: string[]; propsValue: string; relationField: string; paramList: InterfaceQuery['paramList'] },
  ) {
    if (!body.ids.length) return [];
    const res = await request<Row[]>({
      url: `/api/system/DataInterface/${encodeURIComponent(interfaceId)}/Action/InfoByIds`,
      method: 'POST',
      data: body,
    });
    return res.data ?? [];
  },
};
